package io.jfio.runner.replay;

import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.IoLogOptions;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * What fio's read_iolog does to the job before it runs: the job's files become the files the log
 * adds (or replay_redirect), its directions the ones the log does, its largest block sizes those
 * of the log; size, when not given, covers the furthest logged I/O so the files are laid out.
 */
public final class ReplaySpec {
    /** The trace is read a second time by the job (ReplaySource), which says what is wrong with it. */
    private static final PrintStream NOWHERE = new PrintStream(java.io.OutputStream.nullOutputStream());

    private ReplaySpec() {
    }

    public static JobSpec adjust(JobSpec spec, PrintStream err) {
        IoLogOptions o = ThreadOptions.of(spec).iolog();
        if (o.readIolog() == null) {
            return spec;
        }
        if (spec.cloneIndex() == 0) {
            for (String w : o.warnings()) {
                err.println("fio: warning: " + w);
            }
        }
        long[] maxLen = new long[3];
        boolean[] dirs = new boolean[3];
        long extent = 0;
        StringBuilder names = new StringBuilder();
        int nfiles;
        long blktraceBytes = -1;
        int probedDepth = 0;
        try (TraceInput r = TraceInput.open(o, NOWHERE, false)) {
            while (r.next()) {
                int a = r.action;
                if (a < 0 || a > TraceReader.TRIM) {
                    continue;
                }
                if ((o.skipMask() & (1 << a)) != 0) {
                    continue;
                }
                dirs[a] = true;
                maxLen[a] = Math.max(maxLen[a], r.length);
                long offset = (o.scale() > 1 ? r.offset / o.scale() : r.offset) & (o.align() > 0 ? ~(o.align() - 1) : -1L);
                extent = Math.max(extent, offset + r.length);
            }
            for (byte[] n : r.names) {
                if (names.length() > 0) {
                    names.append(':');
                }
                names.append(new String(n, StandardCharsets.UTF_8));
            }
            nfiles = r.names.size();
            if (r instanceof BlktraceReader b) {
                blktraceBytes = b.bytes;
                probedDepth = b.probedDepth();
            }
        } catch (IOException e) {
            // The source reports it when the job starts (fio: "failed initializing iolog").
            return spec;
        }
        Map<String, Object> c = new HashMap<>();
        if (nfiles > 0) {
            c.put("filename", names.toString());
            c.put("nrfiles", (long) nfiles);
        }
        String rw = dirs[0] && (dirs[1] || dirs[2]) ? "rw" : dirs[1] ? "write" : dirs[2] ? "trim" : "read";
        c.put("rw", rw);
        long[] bs = perDirection(spec, "bs", 4096);
        long[] maxBs = perDirection(spec, "max_bs", 4096);
        for (int d = 0; d < 3; d++) {
            bs[d] = Math.max(bs[d], maxLen[d]);
            maxBs[d] = Math.max(maxBs[d], maxLen[d]);
        }
        c.put("bs", bs);
        c.put("max_bs", maxBs);
        if (blktraceBytes >= 0) {
            // fio's read_blktrace: the size is what the trace moves; the depth, unless given, the one it reached
            c.put("size", blktraceBytes);
            if (!spec.isSet("iodepth")) {
                c.put("iodepth", (long) probedDepth);
                c.put("iodepth_low", (long) probedDepth);
            }
        } else if (!spec.isSet("size") && !spec.isSet("filesize") && extent > 0) {
            c.put("size", extent * Math.max(1, nfiles));
        }
        return spec.with(c);
    }

    private static long[] perDirection(JobSpec spec, String option, long def) {
        if (spec.has(option) && spec.value(option) != null) {
            try {
                return spec.getPerDirection(option);
            } catch (RuntimeException e) {
                // fall through
            }
        }
        return new long[] {def, def, def};
    }
}
