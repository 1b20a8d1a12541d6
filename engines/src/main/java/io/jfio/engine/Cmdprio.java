package io.jfio.engine;

import io.jfio.engine.nativeio.IoPriority;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * fio's per-I/O priorities (engines/cmdprio.c) for libaio and io_uring: built once at engine init
 * from cmdprio_percentage / cmdprio_bssplit with cmdprio_class, cmdprio and cmdprio_hint, then
 * asked per read or write whether this I/O gets a priority other than the job's. Each direction
 * that uses it has a list of the distinct priorities (index 0 is the job's own, fio's
 * td->ioprio), and every unit is told which one it ran with, for the per-priority latency stats.
 */
public final class Cmdprio {
    private static final int RT = 1;
    private static final int BSSPLIT_MAX = 64;

    /** Per direction (read, write): null when the direction does not use per-I/O priorities. */
    private final int[][] prios = new int[2][];
    /** Percentage mode: the share of I/Os and the priority's index in {@link #prios}. */
    private final int[] perc = new int[2];
    private final int[] percIndex = new int[2];
    /** bssplit mode, per direction: block sizes (ascending), their total share, their entries. */
    private final long[][] splitBs = new long[2][];
    private final int[][] splitTotal = new int[2][];
    private final int[][][] splitPerc = new int[2][][];
    private final int[][][] splitIndex = new int[2][][];
    private final boolean bssplit;
    private final boolean active;
    private final SplittableRandom random;

    private Cmdprio(boolean active, boolean bssplit, long seed) {
        this.active = active;
        this.bssplit = bssplit;
        this.random = new SplittableRandom(seed);
    }

    /** Nothing per I/O: neither cmdprio_percentage nor cmdprio_bssplit is set. */
    public boolean active() {
        return active;
    }

    /**
     * fio_cmdprio_init from the job's raw engine options (already range-checked by the strict
     * parse). {@code jobIoprio} is the job's own priority (0 when prio/prioclass/priohint are unset).
     */
    public static Cmdprio from(Map<String, String> raw, String jobName, boolean reads, boolean writes,
                               int jobIoprio, long seed) throws EngineException {
        int[] percentage = perDirection(raw.get("cmdprio_percentage"), 0, 100);
        int[] cls = perDirection(raw.get("cmdprio_class"), 1, 3);
        int[] level = perDirection(raw.get("cmdprio"), 0, 7);
        int[] hint = perDirection(raw.get("cmdprio_hint"), 0, 1023);
        String split = raw.get("cmdprio_bssplit");
        boolean hasSplit = split != null && !split.isBlank();
        boolean hasPerc = percentage[0] != 0 || percentage[1] != 0;
        if (hasSplit && hasPerc) {
            throw new EngineException(jobName + ": cmdprio_percentage and cmdprio_bssplit options are mutually exclusive");
        }
        Cmdprio c = new Cmdprio(hasSplit || hasPerc, hasSplit, seed);
        if (!c.active) {
            return c;
        }
        boolean[] enabled = {reads, writes};
        int[] implicit = new int[2];
        for (int d = 0; d < 2; d++) {
            // fio: with no cmdprio_class, per-I/O priorities are real-time.
            implicit[d] = IoPriority.value(cls[d] == 0 ? RT : cls[d], level[d], hint[d]);
        }
        if (hasPerc) {
            for (int d = 0; d < 2; d++) {
                if (percentage[d] == 0 || !enabled[d]) {
                    continue;
                }
                List<Integer> values = new ArrayList<>(List.of(jobIoprio));
                c.perc[d] = percentage[d];
                c.percIndex[d] = indexOf(values, implicit[d]);
                c.prios[d] = toArray(values);
            }
            return c;
        }
        List<List<long[]>> entries = parseSplit(split.strip());
        for (int d = 0; d < 2; d++) {
            List<long[]> e = entries.get(d);
            if (e.isEmpty() || !enabled[d]) {
                continue;
            }
            List<Integer> values = new ArrayList<>(List.of(jobIoprio));
            List<Long> sizes = new ArrayList<>();
            List<int[]> percs = new ArrayList<>();
            List<int[]> idx = new ArrayList<>();
            List<Integer> totals = new ArrayList<>();
            int i = 0;
            while (i < e.size()) {
                int j = i;
                while (j + 1 < e.size() && e.get(j + 1)[0] == e.get(i)[0]) {
                    j++;
                }
                int[] p = new int[j - i + 1];
                int[] x = new int[j - i + 1];
                int tot = 0;
                for (int k = i; k <= j; k++) {
                    long[] en = e.get(k);
                    p[k - i] = (int) en[1];
                    x[k - i] = indexOf(values, en[2] < 0 ? implicit[d] : (int) en[2]);
                    tot += p[k - i];
                    if (tot > 100) {
                        throw new EngineException("fio: cmdprio_bssplit total percentage for bs: "
                            + e.get(i)[0] + " exceeds 100");
                    }
                }
                sizes.add(e.get(i)[0]);
                percs.add(p);
                idx.add(x);
                totals.add(tot);
                i = j + 1;
            }
            c.splitBs[d] = sizes.stream().mapToLong(Long::longValue).toArray();
            c.splitTotal[d] = totals.stream().mapToInt(Integer::intValue).toArray();
            c.splitPerc[d] = percs.toArray(new int[0][]);
            c.splitIndex[d] = idx.toArray(new int[0][]);
            c.prios[d] = toArray(values);
        }
        return c;
    }

    /**
     * The distinct priorities of a direction (0 read, 1 write) in the order of the per-priority
     * stats, the job's own first; null when the direction has none (fio's ts->clat_prio).
     */
    public int[] clatPrios(int ddir) {
        return ddir < 2 && prios[ddir] != null ? prios[ddir].clone() : null;
    }

    /**
     * fio_cmdprio_set_ioprio: draws whether this unit runs with a per-I/O priority; sets the
     * unit's stats index (0 when not) and returns the ioprio, or -1 for "the job's own".
     */
    public int choose(IoUnit u) {
        u.clatPrioIndex = 0;
        int d = u.ddir == IoDirection.READ ? 0 : u.ddir == IoDirection.WRITE ? 1 : -1;
        if (d < 0 || prios[d] == null) {
            return -1;
        }
        int p;
        int entry = -1;
        if (!bssplit) {
            p = perc[d];
        } else {
            long[] bs = splitBs[d];
            p = 0;
            for (int i = 0; i < bs.length; i++) {
                if (bs[i] == u.length) {
                    entry = i;
                    p = splitTotal[d][i];
                    break;
                }
            }
        }
        if (p == 0) {
            return -1;
        }
        int rand = random.nextInt(100);
        if (rand >= p) {
            return -1;
        }
        int index;
        if (!bssplit) {
            index = percIndex[d];
        } else {
            int[] pc = splitPerc[d][entry];
            int sum = 0;
            index = splitIndex[d][entry][pc.length - 1];
            for (int i = 0; i < pc.length; i++) {
                sum += pc[i];
                if (rand < sum) {
                    index = splitIndex[d][entry][i];
                    break;
                }
            }
        }
        u.clatPrioIndex = index;
        return prios[d][index];
    }

    /**
     * An integer option's read and write values as fio's off1/off2 give them: one value sets
     * both, "r,w" each (a part out of range leaves its direction at 0, the strict parse having
     * already failed the job when every part is out of range).
     */
    static int[] perDirection(String v, int min, int max) {
        int[] out = new int[2];
        if (v == null || v.isEmpty()) {
            return out;
        }
        String[] parts = v.split(",", -1);
        for (int d = 0; d < 2; d++) {
            String part = parts.length == 1 ? parts[0] : d < parts.length ? parts[d] : "";
            Long n = EngineOptions.leadingInt(part);
            if (n != null && n >= min && n <= max) {
                out[d] = n.intValue();
            }
        }
        return out;
    }

    /**
     * cmdprio_bssplit as fio's split_parse_prio_ddir: "r" or "r,w[,t]", each a ':' list of
     * bs/perc[/class/level[/hint]]; zero shares dropped, entries sorted by block size. Each
     * entry is {bs, perc, ioprio or -1 for the cmdprio_class/cmdprio one}.
     */
    static List<List<long[]>> parseSplit(String s) throws EngineException {
        String read;
        String write;
        int comma = s.indexOf(',');
        if (comma < 0) {
            read = s;
            write = s;
        } else {
            read = s.substring(0, comma);
            int second = s.indexOf(',', comma + 1);
            write = second < 0 ? s.substring(comma + 1) : s.substring(comma + 1, second);
        }
        return List.of(parseDir(read), parseDir(write));
    }

    private static List<long[]> parseDir(String s) throws EngineException {
        List<long[]> out = new ArrayList<>();
        int n = 0;
        for (String item : s.split(":", -1)) {
            if (item.isEmpty()) {
                break;
            }
            n++;
        }
        if (n > BSSPLIT_MAX) {
            throw new EngineException("fio: too many cmdprio_bssplit entries");
        }
        for (String item : s.split(":", -1)) {
            if (item.isEmpty()) {
                break;
            }
            long[] e = entry(item);
            if (e[1] != 0) {
                out.add(e);
            }
        }
        out.sort((a, b) -> Long.compare(a[0], b[0]));
        return out;
    }

    private static long[] entry(String item) throws EngineException {
        String bad = "fio: invalid cmdprio_bssplit format\nfio: failed to parse cmdprio_bssplit entry";
        String[] f = item.split("/", -1);
        if (f[0].isEmpty()) {
            throw new EngineException(bad);
        }
        Long bs = EngineOptions.parseNumber(f[0]);
        if (bs == null) {
            throw new EngineException("fio: split conversion failed\nfio: failed to parse cmdprio_bssplit entry");
        }
        // sscanf("%m[^/]/%u/%u/%u/%u"): the fields that read as numbers, up to the first that does not.
        long[] nums = new long[4];
        int matched = 1;
        for (int i = 1; i < f.length && i <= 4; i++) {
            Long v = EngineOptions.leadingInt(f[i]);
            if (v == null) {
                break;
            }
            nums[i - 1] = v;
            matched++;
        }
        if (matched == 3) {
            throw new EngineException(bad);
        }
        long perc = Math.min(Math.max(0, nums[0]), 100);
        long prio = -1;
        if (matched >= 4) {
            int cls = (int) Math.min(nums[1], 3);
            int level = (int) Math.min(nums[2], 7);
            int hint = matched == 5 ? (int) Math.min(nums[3], 1023) : 0;
            prio = IoPriority.value(cls, level, hint);
        }
        return new long[] {bs, perc, prio};
    }

    private static int indexOf(List<Integer> values, int prio) {
        int i = values.indexOf(prio);
        if (i < 0) {
            values.add(prio);
            i = values.size() - 1;
        }
        return i;
    }

    private static int[] toArray(List<Integer> values) {
        return values.stream().mapToInt(Integer::intValue).toArray();
    }

    @Override
    public String toString() {
        return "Cmdprio" + Arrays.deepToString(prios);
    }
}
