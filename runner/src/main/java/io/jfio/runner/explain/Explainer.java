package io.jfio.runner.explain;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.OptionCatalog;
import io.jfio.jobfile.OptionDef;
import io.jfio.jobfile.OptionType;
import io.jfio.jobfile.ParseWarning;
import io.jfio.jobfile.SourceLocation;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.runner.explain.Finding.Trap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * jfio --explain: per option line, what fio will actually do where that is a known trap. It
 * reads the jobs as a run would (fio's fix-ups applied), keeps the parser's own trap warnings,
 * and adds the checks that need the whole job or the device: block sizes without unit, powers of
 * 1000 under kb_base=1000, ramp_time against runtime, size against the device, direct=1 against
 * the logical block size, and the options jfio ignores.
 */
public final class Explainer {
    /** Block-size options where a bare number below this is almost surely a forgotten unit. */
    private static final long SMALL_BLOCK = 512;
    private static final Set<String> BLOCK_OPTIONS = Set.of("bs", "ba", "bsrange", "bssplit", "size", "io_size",
            "filesize");
    private static final String[] DIRS = {"read", "write", "trim"};

    private final Devices devices;
    private final Map<String, Finding> findings = new LinkedHashMap<>();
    private List<Map.Entry<String, String>> globals = List.of();

    public Explainer(Devices devices) {
        this.devices = devices;
    }

    /** Everything found in the parsed jobs and the parser's warnings, in file and line order. */
    public List<Finding> explain(List<JobSpec> jobs, List<Map.Entry<String, String>> globals,
                                 List<ParseWarning> parseWarnings) {
        this.globals = globals == null ? List.of() : globals;
        for (ParseWarning w : parseWarnings) {
            add(w.location(), classify(w.message()), w.message());
        }
        for (JobSpec spec : jobs) {
            if (spec.cloneIndex() > 0) {
                continue; // numjobs clones share their options' lines
            }
            explainJob(spec);
        }
        List<Finding> out = new ArrayList<>(findings.values());
        out.sort((a, b) -> {
            int c = a.location().file().compareTo(b.location().file());
            return c != 0 ? c : Integer.compare(a.location().line(), b.location().line());
        });
        return out;
    }

    private static Trap classify(String parserMessage) {
        if (parserMessage.contains("ignores its unit")) {
            return Trap.UNIT_IGNORED;
        }
        if (parserMessage.contains("power of 1000")) {
            return Trap.KB_BASE;
        }
        if (parserMessage.contains("not a fio time unit")) {
            return Trap.TIME_UNIT;
        }
        return Trap.OTHER;
    }

    private void explainJob(JobSpec spec) {
        ThreadOptions o = ThreadOptions.of(spec);
        int kbBase = o.stat().kbBase();
        OptionCatalog catalog = OptionCatalog.get();
        for (Map.Entry<String, String> e : allOptions(spec)) {
            OptionDef def = catalog.find(e.getKey());
            String value = e.getValue();
            if (def == null || value == null || value.isEmpty()) {
                continue;
            }
            SourceLocation at = spec.location(def.name());
            boolean time = def.type() == OptionType.STR_VAL_TIME || def.isTime();
            boolean bytes = !time && (def.type() == OptionType.STR_VAL || def.type() == OptionType.STR_VAL_ZONE
                    || def.type() == OptionType.RANGE || def.type() == OptionType.ULL
                    || def.type() == OptionType.STR_ULL);
            if (bytes) {
                sizeTraps(at, def.name(), value, kbBase, smallBlocksNormal(o));
            }
        }
        var rt = o.runtime();
        if (rt.rampTimeUs() > 0 && rt.runtimeUs() > 0 && rt.rampTimeUs() >= rt.runtimeUs()) {
            add(spec.location("ramp_time"), Trap.RAMP_TIME, "ramp_time=" + seconds(rt.rampTimeUs())
                    + " is not shorter than runtime=" + seconds(rt.runtimeUs()) + " (" + spec.location("runtime")
                    + "): fio first runs " + seconds(rt.rampTimeUs()) + " unmeasured, then measures only "
                    + seconds(rt.runtimeUs()) + "; the job takes " + seconds(rt.rampTimeUs() + rt.runtimeUs())
                    + (rt.timeBased() ? "" : ", and a job whose size is done within the ramp measures next to nothing"));
        }
        deviceTraps(spec, o);
        for (ParseWarning w : o.unsupported()) {
            add(w.location(), Trap.IGNORED_BY_JFIO, "jfio will ignore this line: " + w.message());
        }
    }

    /** The job's options as given plus the [global] ones it does not override (with the global's line). */
    private List<Map.Entry<String, String>> allOptions(JobSpec spec) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        for (Map.Entry<String, String> g : globals) {
            if (spec.givenOptions().stream().noneMatch(e -> e.getKey().equals(g.getKey()))) {
                out.add(g);
            }
        }
        out.addAll(spec.givenOptions());
        return out;
    }

    /** Network engines send small packets on purpose (bs=64 is a datagram size, not a forgotten k). */
    private static boolean smallBlocksNormal(ThreadOptions o) {
        String e = o.queue().ioengine();
        return e != null && e.startsWith("net");
    }

    private void sizeTraps(SourceLocation at, String name, String value, int kbBase, boolean smallBlocksNormal) {
        String sizes = value;
        if (name.equals("bssplit")) {
            // blocksize/percentage entries: only the part before '/' is a size
            sizes = value.replaceAll("/[^:,]*", "");
        }
        for (String item : sizes.split("[,:]|(?<=.)-")) {
            String compact = item.replaceAll("\\s+", "");
            if (compact.isEmpty() || compact.endsWith("%") || compact.endsWith("z")) {
                continue;
            }
            Long fio = io.jfio.jobfile.FioNumbers.toDecimal(item, true, kbBase, false);
            Long meant = io.jfio.jobfile.FioNumbers.toDecimal(compact, true, kbBase, false);
            if (fio == null || meant == null) {
                continue;
            }
            if (!fio.equals(meant) && !Character.isWhitespace(item.charAt(0))) {
                // a leading space is the parser's warning already; this is "8 k"
                add(at, Trap.UNIT_IGNORED, name + "=" + value.strip() + ": fio stops reading '" + item.strip()
                        + "' at the space, so it is " + fio + " bytes, not " + meant + " (write " + compact + ")");
            } else if (fio.equals(meant) && compact.chars().allMatch(Character::isDigit)
                    && BLOCK_OPTIONS.contains(name) && fio > 0 && fio < SMALL_BLOCK && !smallBlocksNormal) {
                add(at, Trap.NO_UNIT, name + "=" + compact + " is " + fio + " bytes: a number without unit is bytes"
                        + " (write " + compact + "k for " + fio * 1024 + ")");
            } else if (kbBase == 1000 && fio.equals(meant)) {
                Long binary = io.jfio.jobfile.FioNumbers.toDecimal(compact, true, 1024, false);
                String unit = compact.replaceAll("^[0-9.+-]+", "").toLowerCase(Locale.ROOT);
                boolean iec = unit.length() >= 2 && unit.charAt(1) == 'i';
                if (binary != null && !binary.equals(fio) && !iec) {
                    add(at, Trap.KB_BASE, name + "=" + compact + " under kb_base=1000 is " + fio
                            + " bytes (powers of 1000), not " + binary + " (write " + compact.replaceAll("[A-Za-z]+$", "")
                            + Character.toUpperCase(unit.charAt(0)) + "iB for powers of 1024 under kb_base=1000)");
                }
            }
        }
    }

    private void deviceTraps(JobSpec spec, ThreadOptions o) {
        List<String> files = fileNames(o);
        if (files.isEmpty()) {
            return;
        }
        long size = o.size().size();
        boolean sizeIsBytes = spec.isSet("size") && !spec.isPercent("size") && !spec.isZones("size") && size > 0;
        for (String f : files) {
            Devices.Info dev = devices.of(f);
            if (dev == null) {
                continue;
            }
            if (sizeIsBytes && dev.blockDevice() && size / files.size() > dev.sizeBytes()) {
                add(spec.location("size"), Trap.SIZE_OVER_DEVICE, "size=" + size + " bytes"
                        + (files.size() > 1 ? " (" + size / files.size() + " per file)" : "") + " is more than " + f
                        + " holds (" + dev.sizeBytes() + " bytes): fio silently does I/O on " + dev.sizeBytes()
                        + " bytes only");
            }
            if (o.io().direct() && dev.logicalBlockSize() > 0) {
                for (int d = 0; d < 3; d++) {
                    long[] sizes = {o.bs().min(d), o.bs().max(d)};
                    for (long bs : sizes) {
                        if (bs > 0 && bs % dev.logicalBlockSize() != 0 && doesDirection(o, d)) {
                            String where = spec.isSet("bs") ? spec.location("bs").toString() : "the default bs";
                            add(spec.location("direct"), Trap.DIRECT_ALIGNMENT, "direct=1 with " + DIRS[d]
                                    + " block size " + bs + " (" + where + ") on " + f + ", whose logical block size"
                                    + " is " + dev.logicalBlockSize() + ": every such I/O fails with EINVAL"
                                    + " (Invalid argument)");
                        }
                    }
                }
            }
        }
    }

    private static boolean doesDirection(ThreadOptions o, int d) {
        var rw = o.io().rw();
        return d == 0 ? rw.reads() : d == 1 ? rw.writes() : rw.trims();
    }

    /** The files a job names (filename list, under directory), as fio's filesetup resolves them. */
    private static List<String> fileNames(ThreadOptions o) {
        List<String> out = new ArrayList<>();
        String names = o.files().filename();
        if (names == null) {
            return out;
        }
        String dir = o.files().filenameDirectory();
        for (String n : names.split("(?<!\\\\):")) {
            n = n.replace("\\:", ":");
            if (n.isEmpty()) {
                continue;
            }
            if (!n.startsWith("/") && dir != null && !dir.isEmpty()) {
                n = dir.split("(?<!\\\\):")[0] + "/" + n;
            }
            out.add(n);
        }
        return out;
    }

    private static String seconds(long us) {
        if (us % 1_000_000L == 0) {
            return us / 1_000_000L + "s";
        }
        return us % 1000 == 0 ? us / 1000 + "ms" : us + "us";
    }

    private void add(SourceLocation at, Trap trap, String message) {
        Finding f = new Finding(at == null ? SourceLocation.DEFAULT : at, trap, message);
        findings.putIfAbsent(f.location() + "\0" + trap + "\0" + message, f);
    }
}
