package io.jfio.runner.workload;

import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.BsSplitEntry;
import io.jfio.jobfile.JobFileException;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.SizeRange;
import io.jfio.jobfile.SourceLocation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds JobSpecs for the workload tests from fio-style "key=value" words, through the real parser
 * (defaults and fio's fix-ups applied), as the runner gets them.
 */
final class TestJobs {
    private TestJobs() {
    }

    /** A job named "j" with thread index {@code index} (fio thread number index + 1). */
    static JobSpec job(int index, String options) {
        List<JobFileParser.CliOption> cli = new ArrayList<>();
        cli.add(new JobFileParser.CliOption("name", "j"));
        for (String w : options.trim().split("\\s+")) {
            if (w.isEmpty() || w.startsWith("prefix=")) {
                continue; // prefix=N: how many of fio's I/Os a differential test compares
            }
            int eq = w.indexOf('=');
            cli.add(new JobFileParser.CliOption(eq < 0 ? w : w.substring(0, eq), eq < 0 ? null : w.substring(eq + 1)));
        }
        try {
            JobSpec spec = JobFileParser.parse(List.of(), cli, JobFileParser.Settings.defaults()).jobs().get(0);
            return spec.withIndex(index);
        } catch (JobFileException e) {
            throw new IllegalArgumentException(options + ": " + e.getMessage(), e);
        }
    }

    static long[] perDir(String v) {
        String[] items = v.split(",", -1);
        long[] out = new long[3];
        for (int d = 0; d < 3; d++) {
            out[d] = size(items[Math.min(d, items.length - 1)]);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    static List<BsSplitEntry>[] bssplit(String v) {
        String[] groups = v.split(",");
        List<BsSplitEntry>[] out = new List[3];
        for (int d = 0; d < 3; d++) {
            String g = groups.length == 1 ? groups[0] : groups.length == 2 ? groups[d == 0 ? 0 : 1] : groups[d];
            List<BsSplitEntry> l = new ArrayList<>();
            int given = 0;
            int missing = 0;
            List<long[]> raw = new ArrayList<>();
            for (String e : g.split(":")) {
                String[] bp = e.split("/");
                long p = bp.length > 1 && !bp[1].isEmpty() ? Long.parseLong(bp[1]) : -1;
                raw.add(new long[] {size(bp[0]), p});
                if (p < 0) {
                    missing++;
                } else {
                    given += p;
                }
            }
            for (long[] r : raw) {
                long p = r[1];
                if (p < 0) {
                    p = raw.size() == 1 ? 100 : (100 - given) / missing;
                }
                l.add(new BsSplitEntry(r[0], (int) p));
            }
            out[d] = l;
        }
        return out;
    }

    static long size(String s) {
        Long v = PostfixSize.parseSize(s, 1024);
        if (v == null) {
            throw new IllegalArgumentException(s);
        }
        return v;
    }

    /** A file as fio's setup_files leaves it for a diskless engine: real size = offset + io size. */
    static IoFile file(String name, int index, long offset, long ioSize) {
        IoFile f = new IoFile(name, index);
        f.fileOffset = offset;
        f.ioSize = ioSize;
        f.realSize = offset + ioSize;
        return f;
    }

    /** One issued I/O, for comparisons. */
    record Io(String file, String ddir, long offset, long length) {
        @Override
        public String toString() {
            return file + " " + ddir + " " + offset + " " + length;
        }
    }

    static List<Io> drain(IoPattern p, int max) {
        List<Io> out = new ArrayList<>();
        // a real buffer: a multi-range trim (num_range) writes its ranges there
        java.nio.ByteBuffer buf = io.jfio.engine.nativeio.RawMemory.allocate(1 << 20, 4096);
        IoUnit u = new IoUnit(0, io.jfio.engine.nativeio.RawMemory.address(buf), 1 << 20);
        while (out.size() < max && p.next(u)) {
            out.add(new Io(u.file.path, u.ddir.name().toLowerCase(), u.offset, u.length));
        }
        java.lang.ref.Reference.reachabilityFence(buf);
        return out;
    }
}
