package io.jfio.runner.job;

import io.jfio.jobfile.BuiltinProfile;
import io.jfio.jobfile.JobSpec;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * fio's act profile hooks (profiles/act.c), which --profile=act puts on every job of the run: each
 * job counts its I/Os and those whose total latency is over 1, 8 and 64 ms in one-hour slices,
 * fails with EPERM when a finished slice breaks the pass criteria, and the run prints the merged
 * slices when its last job ends.
 */
public final class ActProfile {
    private static final int CRIT = BuiltinProfile.ACT_MAX_USEC.length;
    private static final long SAMPLE_NANOS = BuiltinProfile.ACT_SAMPLE_SEC * 1_000_000_000L;

    private final long slices;
    private final List<Slices> jobs = new ArrayList<>();

    private ActProfile(long slices) {
        this.slices = slices;
    }

    /** The hooks of a run whose jobs came with --profile=act (each job gets its slices), or null. */
    public static ActProfile attach(List<Job> run) {
        BuiltinProfile.Loaded p = run.isEmpty() ? null : run.get(0).spec().profile();
        if (p == null || !p.name().equals("act")) {
            return null;
        }
        ActProfile act = new ActProfile(p.actSlices());
        for (Job j : run) {
            Slices s = act.new Slices(p.actPrep());
            act.jobs.add(s);
            j.state().setActSlices(s);
        }
        return act;
    }

    /** fio's act_show_all_stats: the merged slices and the verdict. */
    public void print(PrintStream out) {
        int reached = 0;
        for (Slices s : jobs) {
            reached = Math.max(reached, s.total.length);
        }
        long[] total = new long[reached];
        long[][] over = new long[reached][CRIT];
        for (Slices s : jobs) {
            for (int i = 0; i < s.total.length; i++) {
                total[i] += s.total[i];
                for (int c = 0; c < CRIT; c++) {
                    over[i][c] += s.over[i][c];
                }
            }
        }
        StringBuilder b = new StringBuilder();
        b.append("        trans                   device\n");
        b.append("        %>(ms)                  %>(ms)\n");
        b.append(" slice");
        for (int r = 0; r < 2; r++) {
            for (int c = 0; c < CRIT; c++) {
                b.append(String.format(Locale.ROOT, "\t %2d", BuiltinProfile.ACT_MAX_USEC[c] / 1000));
            }
        }
        b.append('\n');
        b.append(" -----  -----   -----  ------   -----   -----  ------\n");
        out.print(b);
        b.setLength(0);
        int fails = 0;
        for (long i = 0; i < slices; i++) {
            b.append(String.format(Locale.ROOT, "   %2d", i + 1));
            for (int r = 0; r < 2; r++) {
                for (int c = 0; c < CRIT; c++) {
                    double perc = i < reached && total[(int) i] != 0
                            ? 100.0 * over[(int) i][c] / total[(int) i] : 0.0;
                    if (r == 0 && perc * 10.0 >= BuiltinProfile.ACT_MAX_PERM[c]) {
                        fails++;
                    }
                    b.append(String.format(Locale.ROOT, "\t%2.2f", perc));
                }
            }
            b.append('\n');
            if (b.length() > 1 << 16) {
                out.print(b);
                b.setLength(0);
            }
        }
        b.append("\nact: test complete, device(s): ").append(fails != 0 ? "FAILED" : "PASSED").append('\n');
        out.print(b);
        out.flush();
    }

    /**
     * One job's slices (fio's act_prof_data). Only the slices a job reached are kept: fio allocates
     * all of them, 24,000,000 for the default test-duration of 24h, which it keeps in microseconds.
     */
    public final class Slices {
        private final boolean prep;
        private long[] total = new long[1];
        private long[][] over = new long[1][CRIT];
        private int cur;
        private long sampleStart = Long.MIN_VALUE;

        private Slices(boolean prep) {
            this.prep = prep;
        }

        /** fio's act_io_u_lat: true when a finished slice breaks the pass criteria (the I/O fails, EPERM). */
        boolean completed(long latNanos, long nowNanos, PrintStream err) {
            if (prep || cur >= slices) {
                return false;
            }
            if (sampleStart == Long.MIN_VALUE) {
                sampleStart = nowNanos;
            }
            total[cur]++;
            long usec = latNanos / 1000;
            for (int c = CRIT - 1; c >= 0; c--) {
                if (usec > BuiltinProfile.ACT_MAX_USEC[c]) {
                    over[cur][c]++;
                    break;
                }
            }
            if (nowNanos - sampleStart < SAMPLE_NANOS) {
                return false;
            }
            boolean failed = false;
            for (int c = 0; c < CRIT; c++) {
                double perm = 1000.0 * over[cur][c] / total[cur];
                if (perm < BuiltinProfile.ACT_MAX_PERM[c]) {
                    continue;
                }
                err.printf(Locale.ROOT, "act: %f%% exceeds pass criteria of %f%%%n", perm / 10.0,
                        BuiltinProfile.ACT_MAX_PERM[c] / 10.0);
                failed = true;
                break;
            }
            sampleStart = nowNanos;
            cur++;
            if (cur < slices && cur == total.length) {
                // once an hour: the next slice's counters
                total = Arrays.copyOf(total, cur + 1);
                over = Arrays.copyOf(over, cur + 1);
                over[cur] = new long[CRIT];
            }
            return failed;
        }
    }
}
