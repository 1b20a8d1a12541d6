package io.jfio.runner.job;

import io.jfio.jobfile.FioDebug;

/**
 * fio's {@code --debug=steadystate} lines (steadystate.c): each check's group IOPS and bandwidth
 * with the window's head and tail, then, once the window is full, the slope's or deviation's
 * sums and criterion. jfio checks a group once per interval and prints the check under the
 * group's last measured job; fio prints one check line per job of a group_reporting group. The
 * values follow the I/O measured, so they differ from run to run as fio's do.
 */
final class SteadyStateDebug {
    private SteadyStateDebug() {
    }

    static boolean on() {
        return FioDebug.on(FioDebug.Type.STEADYSTATE);
    }

    static void line(String s) {
        FioDebug.line(FioDebug.Type.STEADYSTATE, s);
    }

    /** One check of the group's window, before its values are added. */
    static void check(int index, int groupId, long rateMs, long iops, long bw, SteadyStateWindow w) {
        if (on()) {
            line("steadystate_check() thread: " + index + ", groupid: " + groupId + ", rate_msec: "
                    + rateMs + ", iops: " + iops + ", bw: " + bw + ", head: " + w.head() + ", tail: "
                    + w.tail());
        }
    }
}
