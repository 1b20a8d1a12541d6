package io.jfio.runner;

import io.jfio.runner.job.Job;
import io.jfio.runner.stats.JobStats;

import java.io.PrintStream;
import java.util.List;

/** Turns the jobs' measurements into fio's reports. */
final class Reporter {
    private final RunRequest request;
    private final Run run;

    Reporter(RunRequest request, Run run) {
        this.request = request;
        this.run = run;
    }

    void printPreamble(PrintStream out) {
        int n = run.jobs().size();
        out.println("Starting " + n + (n == 1 ? " process" : " processes"));
        out.flush();
    }

    void write(PrintStream out, List<DiskTracker.Entry> disks, long nowMillis) {
        for (Job j : run.jobs()) {
            JobStats s = j.stats();
            out.printf("%s: (groupid=%d, jobs=1): err=%2d%n", j.spec().name(), j.spec().groupId(), s.error);
            String[] names = {"read", "write", "trim"};
            for (int d = 0; d < 3; d++) {
                if (s.totalIoU[d] > 0) {
                    out.printf("  %s: ios=%d bytes=%d runtime=%dms%n", names[d], s.totalIoU[d], s.ioBytes[d],
                            (s.runtimeMicros[d] + 999) / 1000);
                }
            }
        }
    }
}
