package io.jfio.netproto;

import io.jfio.report.RunResult;

import java.util.List;

/**
 * What a server needs of a benchmark: parse a client's command line and job file, then run them.
 * The runner module supplies jfio's; the protocol code knows nothing of how jobs run.
 */
public interface JobRunner {
    /** Where a run's messages go: each call is one TEXT command to the client. */
    interface TextSink {
        void text(String s);
    }

    /** Parsed jobs, ready to run. */
    interface Prepared {
        /** Jobs the run starts (numjobs clones counted), fio's thread_number. */
        int jobs();

        /** thread_stats the run reports (group_reporting folds), fio's stat_number. */
        int statOutputs();

        Outcome run(TextSink text);

        /** Stops a running run (the client sent QUIT). */
        void stop();
    }

    /** exitStatus 0 when every job succeeded; result null when the run produced none. */
    record Outcome(int exitStatus, RunResult result) {
    }

    /**
     * Parses a client's command line (without the client's own options) and job file text (null
     * when the command line defines the jobs); null when they are refused, the reason sent to
     * {@code text}.
     */
    Prepared prepare(List<String> commandLine, String jobFileText, TextSink text);
}
