package io.jfio.peak;

import java.util.ArrayList;
import java.util.List;

/**
 * t/io_uring's command line (spec/engines.md 6.1): single-letter flags that each take a value,
 * booleans read as "atoi != 0", then the files. Parsing mirrors getopt: flags may be glued to
 * their value ("-d32") or separate ("-d 32"), "--" ends the flags, the first non-flag ends them too.
 */
public final class PeakOptions {
    static final int DEFAULT_DEPTH = 128;
    static final int DEFAULT_BATCH_SUBMIT = 32;
    static final int DEFAULT_BATCH_COMPLETE = 32;
    static final int DEFAULT_BS = 4096;

    public int depth = DEFAULT_DEPTH;
    public int batchSubmit = DEFAULT_BATCH_SUBMIT;
    public int batchComplete = DEFAULT_BATCH_COMPLETE;
    public int bs = DEFAULT_BS;
    public boolean polled = true;
    public boolean fixedBufs = true;
    public boolean registerFiles = true;
    public int threads = 1;
    public boolean buffered = false;
    public boolean nop = false;
    public boolean stats = false;
    /** -T: clock rate; the Java port measures in nanoseconds, so this is only remembered. */
    public long tscRate = 0;
    public int runtime = 0;
    public boolean randomIo = true;
    public boolean aio = false;
    public boolean sync = false;
    public boolean registerRing = true;
    public boolean numaPlacement = false;
    public boolean vectored = false;
    public boolean restriction = false;
    public boolean passthrough = false;
    public String hugetlbPath;
    public final List<String> files = new ArrayList<>();

    /** Why parsing stopped: print usage and exit with this status (t/io_uring exits 0 for -h and unknown flags). */
    public static final class UsageExit extends Exception {
        public final int status;
        /** A line printed (stdout) before the usage text, or null. */
        public final String message;

        UsageExit(int status, String message) {
            super(message, null, false, false);
            this.status = status;
            this.message = message;
        }
    }

    private static final String WITH_VALUE = "edscbpBFHnNOtTarDRXSPVu";

    public static PeakOptions parse(String[] args) throws UsageExit {
        PeakOptions o = new PeakOptions();
        if (args.length == 0) {
            throw new UsageExit(1, null);
        }
        int i = 0;
        for (; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                i++;
                break;
            }
            if (a.length() < 2 || a.charAt(0) != '-') {
                break;
            }
            char flag = a.charAt(1);
            if (flag == 'h' || flag == '?' || WITH_VALUE.indexOf(flag) < 0) {
                throw new UsageExit(0, null);
            }
            String value;
            if (a.length() > 2) {
                value = a.substring(2);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                // getopt: "option requires an argument" then '?', which prints usage and exits 0.
                throw new UsageExit(0, null);
            }
            o.apply(flag, value);
        }
        for (; i < args.length; i++) {
            o.files.add(args[i]);
        }
        if (o.batchComplete > o.depth) {
            o.batchComplete = o.depth;
        }
        if (o.batchSubmit > o.depth) {
            o.batchSubmit = o.depth;
        }
        return o;
    }

    private void apply(char flag, String v) throws UsageExit {
        switch (flag) {
            case 'a' -> aio = atoi(v) != 0;
            case 'd' -> depth = atoi(v);
            case 's' -> batchSubmit = atoi(v) == 0 ? 1 : atoi(v);
            case 'c' -> batchComplete = atoi(v) == 0 ? 1 : atoi(v);
            case 'b' -> bs = atoi(v);
            case 'p' -> polled = atoi(v) != 0;
            case 'B' -> fixedBufs = atoi(v) != 0;
            case 'F' -> registerFiles = atoi(v) != 0;
            case 'n' -> {
                threads = atoi(v);
                if (threads == 0) {
                    throw new UsageExit(1, "Threads must be non-zero");
                }
            }
            case 'N' -> nop = atoi(v) != 0;
            case 'O' -> buffered = atoi(v) == 0;
            case 't' -> stats = atoi(v) != 0;
            case 'T' -> tscRate = atol(v);
            case 'r' -> runtime = atoi(v);
            case 'R' -> randomIo = atoi(v) != 0;
            case 'X' -> registerRing = atoi(v) != 0;
            case 'S' -> sync = atoi(v) != 0;
            case 'P' -> numaPlacement = atoi(v) != 0;
            case 'V' -> vectored = atoi(v) != 0;
            case 'u' -> passthrough = atoi(v) != 0;
            case 'e' -> restriction = atoi(v) != 0;
            case 'H' -> hugetlbPath = v;
            default -> throw new UsageExit(0, null); // -D: accepted by getopt, unhandled
        }
    }

    /** C atoi: optional sign and leading digits, 0 when there are none, wraps like a 32-bit int. */
    static int atoi(String s) {
        return (int) atol(s);
    }

    static long atol(String s) {
        int i = 0;
        int n = s.length();
        while (i < n && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        boolean neg = false;
        if (i < n && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            neg = s.charAt(i) == '-';
            i++;
        }
        long v = 0;
        while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            v = v * 10 + (s.charAt(i) - '0');
            i++;
        }
        return neg ? -v : v;
    }

    /** The usage text with the current values as defaults, as t/io_uring prints it. */
    public String usage(String prog) {
        StringBuilder b = new StringBuilder();
        b.append(prog).append(" [options] -- [filenames]\n");
        b.append(" -d <int>  : IO Depth, default ").append(DEFAULT_DEPTH).append('\n');
        b.append(" -s <int>  : Batch submit, default ").append(DEFAULT_BATCH_SUBMIT).append('\n');
        b.append(" -c <int>  : Batch complete, default ").append(DEFAULT_BATCH_COMPLETE).append('\n');
        b.append(" -b <int>  : Block size, default ").append(DEFAULT_BS).append('\n');
        b.append(" -p <bool> : Polled IO, default ").append(i(polled)).append('\n');
        b.append(" -B <bool> : Fixed buffers, default ").append(i(fixedBufs)).append('\n');
        b.append(" -F <bool> : Register files, default ").append(i(registerFiles)).append('\n');
        b.append(" -n <int>  : Number of threads, default ").append(threads).append('\n');
        b.append(" -O <bool> : Use O_DIRECT, default ").append(i(!buffered)).append('\n');
        b.append(" -N <bool> : Perform just no-op requests, default ").append(i(nop)).append('\n');
        b.append(" -t <bool> : Track IO latencies, default ").append(i(stats)).append('\n');
        b.append(" -T <int>  : TSC rate in HZ\n");
        b.append(" -r <int>  : Runtime in seconds, default ")
                .append(runtime == 0 ? "unlimited" : Integer.toString(runtime)).append('\n');
        b.append(" -R <bool> : Use random IO, default ").append(i(randomIo)).append('\n');
        b.append(" -a <bool> : Use legacy aio, default ").append(i(aio)).append('\n');
        b.append(" -S <bool> : Use sync IO (preadv2), default ").append(i(sync)).append('\n');
        b.append(" -X <bool> : Use registered ring ").append(i(registerRing)).append('\n');
        b.append(" -P <bool> : Automatically place on device home node ").append(i(numaPlacement)).append('\n');
        b.append(" -V <bool> : Vectored IO, default ").append(i(vectored)).append('\n');
        b.append(" -e <bool> : Set restriction filter on opcodes ").append(i(restriction)).append('\n');
        b.append(" -u <bool> : Use nvme-passthrough I/O, default ").append(i(passthrough)).append('\n');
        b.append(" -H <path> : Use hugetlbfs file for IO buffers\n");
        return b.toString();
    }

    private static int i(boolean b) {
        return b ? 1 : 0;
    }
}
