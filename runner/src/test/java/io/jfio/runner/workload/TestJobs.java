package io.jfio.runner.workload;

import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.BsSplitEntry;
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
 * Builds JobSpecs for the workload tests from fio-style "key=value" words, with the value types
 * JobSpec documents (numbers as Long, per-direction options as long[3], bsrange as SizeRange[],
 * bssplit as one list per direction, choices with their :postfix kept apart).
 */
final class TestJobs {
    private static final Set<String> PER_DIR = Set.of("bs", "ba", "rate", "rate_min", "rate_iops",
        "rate_iops_min", "percentage_random");
    private static final Set<String> CHOICES = Set.of("rw", "rw_sequencer", "random_distribution",
        "random_generator", "file_service_type", "rate_process", "thinktime_blocks_type", "filename", "verify", "zonemode");
    private static final Set<String> TIMES = Set.of("runtime");

    private TestJobs() {
    }

    /** A job named "j" with thread index {@code index} (fio thread number index + 1). */
    static JobSpec job(int index, String options) {
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, String> post = new HashMap<>();
        Map<String, SourceLocation> loc = new HashMap<>();
        for (String w : options.trim().split("\\s+")) {
            if (w.isEmpty()) {
                continue;
            }
            int eq = w.indexOf('=');
            String k = eq < 0 ? w : w.substring(0, eq);
            String v = eq < 0 ? "1" : w.substring(eq + 1);
            loc.put(k, new SourceLocation("test", 1));
            if (k.equals("filename")) {
                values.put(k, v);
            } else if (CHOICES.contains(k)) {
                int c = v.indexOf(':');
                values.put(k, c < 0 ? v : v.substring(0, c));
                if (c >= 0) {
                    post.put(k, v.substring(c + 1));
                }
            } else if (PER_DIR.contains(k)) {
                values.put(k, perDir(v));
            } else if (k.equals("bsrange")) {
                String[] items = v.split(",");
                SizeRange[] r = new SizeRange[3];
                for (int d = 0; d < 3; d++) {
                    String[] lh = items[Math.min(d, items.length - 1)].split("-");
                    long a = size(lh[0]);
                    long b = size(lh[1]);
                    r[d] = new SizeRange(Math.min(a, b), Math.max(a, b));
                }
                values.put(k, r);
            } else if (k.equals("bssplit")) {
                values.put(k, bssplit(v));
            } else if (TIMES.contains(k)) {
                values.put(k, size(v) * 1_000_000L);
            } else if (v.endsWith("%")) {
                values.put(k, -1L - Long.parseLong(v.substring(0, v.length() - 1)));
            } else {
                values.put(k, size(v));
            }
        }
        return new JobSpec("j", index, values, post, loc, Map.of());
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
        Long v = JobOptions.parseSize(s, 1024);
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
        IoUnit u = new IoUnit(0, 0, 1 << 20);
        while (out.size() < max && p.next(u)) {
            out.add(new Io(u.file.path, u.ddir.name().toLowerCase(), u.offset, u.length));
        }
        return out;
    }
}
