package io.jfio.runner.verify;

import io.jfio.jobfile.options.VerifyOptions;
import io.jfio.runner.workload.FioRandom;

/**
 * fio's trim verification (trim.c, io_u.c's check_get_trim): trim_percentage of the logged writes
 * are picked, one draw of td->trim_state per logged write, and trim_backlog/trim_backlog_batch
 * decide when the picked ones are trimmed. A trimmed block stays in the write log when
 * trim_verify_zero=1 and must then read back as zeroes; otherwise it leaves the log.
 */
final class TrimBacklog {
    /** taus88's largest draw: fio seeds trim_state 32-bit. */
    private static final long RAND32_MAX = 0xffffffffL;

    private final FioRandom rand;
    private final long threshold;
    private final long backlog;
    private final long batchOption;
    private final boolean zero;
    private long batch;

    private TrimBacklog(VerifyOptions o, long seed) {
        this.rand = new FioRandom(seed, false);
        this.threshold = (RAND32_MAX / 100) * o.trimPercentage;
        this.backlog = o.trimBacklog;
        this.batchOption = o.trimBacklogBatch;
        this.zero = o.trimVerifyZero;
    }

    /** The job's trim verification, or null when trim_percentage is 0 (fio draws nothing then). */
    static TrimBacklog of(VerifyOptions o, long seed) {
        return o.trimPercentage > 0 ? new TrimBacklog(o, seed) : null;
    }

    /** A new loop with randrepeat: td->trim_state seeded again (clear_io_state's td_fill_rand_seeds). */
    void reseed(long seed) {
        rand.seed(seed, false);
    }

    /** fio's io_u_should_trim, called for each logged write. */
    void logged(VerifyHistory history, int entry) {
        if (rand.next() <= threshold) {
            history.listForTrim(entry);
        }
    }

    boolean verifyZero() {
        return zero;
    }

    /**
     * check_get_trim: the entry to trim now, or -1. Every trim_backlog-th logged write (unless
     * the last completion was a trim) starts a batch of trim_backlog_batch trims (default
     * trim_backlog).
     */
    int next(VerifyHistory history, boolean lastCompletedTrim) {
        if (backlog <= 0) {
            return -1;
        }
        if (history.trimEntries() == 0) {
            batch = 0;
            return -1;
        }
        if (batch > 0) {
            batch--;
            int e = history.takeTrim(zero);
            if (e < 0) {
                batch = 0;
            }
            return e;
        }
        if (history.size() % backlog == 0 && !lastCompletedTrim) {
            int e = history.takeTrim(zero);
            if (e >= 0) {
                batch = (batchOption > 0 ? batchOption : backlog) - 1;
            }
            return e;
        }
        return -1;
    }
}
