package io.jfio.jobfile;

import java.util.ArrayList;
import java.util.List;

/**
 * fio's built-in profiles (--profile=tiobench|act, fio's profiles/ directory): a fixed list of
 * options, read as a command line would be (options before the first name= go to the global
 * defaults, each name= starts a job), that fio adds after the job files when its backend starts.
 */
public final class BuiltinProfile {
    /** act's pass criteria (fio's act_pass): latency limits in microseconds and the share allowed in per mille. */
    public static final int[] ACT_MAX_USEC = {1000, 8000, 64000};
    public static final int[] ACT_MAX_PERM = {50, 10, 1};
    /** act checks its criteria once per this many seconds of a job (fio's SAMPLE_SEC). */
    public static final long ACT_SAMPLE_SEC = 3600;
    /** act's read and write load at 1x (I/Os per second, fio's R_LOAD and W_LOAD). */
    private static final int ACT_READ_LOAD = 2000;
    private static final int ACT_WRITE_LOAD = 1000;

    /** What a loaded profile leaves with the run: its name and act's settings (test-duration, prep). */
    public record Loaded(String name, long actTestDuration, boolean actPrep) {
        /**
         * act's number of one-hour slices: fio divides test-duration, kept in the unit the option
         * parser stored (microseconds when a unit is given, the bare number otherwise), by 3600.
         */
        public long actSlices() {
            return (actTestDuration + ACT_SAMPLE_SEC - 1) / ACT_SAMPLE_SEC;
        }
    }

    /** Thrown with fio's own lines (stderr, exit 1) when a profile is unknown or cannot prepare. */
    public static final class PrepFailed extends Exception {
        PrepFailed(String lines) {
            super(lines);
        }
    }

    private BuiltinProfile() {
    }

    /**
     * The profile's options in order ("key=value" or "key"), made from its options' values as the
     * command line left them in {@code values}.
     */
    static List<String> options(String name, DraftJob values, MachineInfo machine) throws PrepFailed {
        return switch (name) {
            case "tiobench" -> tiobench(machine);
            case "act" -> act(values);
            default -> throw new PrepFailed("fio: profile '" + name + "' not found");
        };
    }

    static Loaded loaded(String name, DraftJob values) {
        return new Loaded(name, name.equals("act") ? values.longValue("test-duration", 0) : 0,
                name.equals("act") && values.longValue("prep", 0) != 0);
    }

    /**
     * fio 3.42's tiobench reads its size, block, numruns, dir and threads options into one structure
     * and builds its command line from another that they never reach: every run has 4 x $mb_memory
     * KiB in ./, 4 KiB blocks, one loop and one job per phase, whatever those options say.
     */
    private static List<String> tiobench(MachineInfo machine) {
        return List.of("buffered=0", "size=" + 4 * 1024 * machine.mbMemory(), "bs=4096", "loops=1",
                "directory=./", "numjobs=1", "timeout=600", "group_reporting", "thread", "overwrite=1",
                "filename=.fio.tio.1:.fio.tio.2:.fio.tio.3:.fio.tio.4", "ioengine=sync",
                "name=seqwrite", "rw=write", "end_fsync=1",
                "name=randwrite", "stonewall", "rw=randwrite", "end_fsync=1",
                "name=seqread", "stonewall", "rw=read",
                "name=randread", "stonewall", "rw=randread");
    }

    private static List<String> act(DraftJob v) throws PrepFailed {
        String devices = v.string("device-names");
        if (devices == null) {
            throw new PrepFailed("act: you need to set IO target(s) with the device-names option.\n"
                    + "fio: profile act prep failed");
        }
        List<String> o = new ArrayList<>(List.of("direct=1", "ioengine=sync", "random_generator=lfsr",
                "group_reporting=1", "thread"));
        long load = v.longValue("load", 1);
        long threads = v.longValue("threads-per-queue", 8);
        long blocks = v.longValue("read-req-num-512-blocks", 3);
        long writeSize = v.longValue("large-block-op-kbytes", 131072);
        boolean prep = v.longValue("prep", 0) != 0;
        long duration = v.longValue("test-duration", 0);
        // fio splits the list as strsep does: empty names between commas are devices too
        for (String dev : devices.split(",", -1)) {
            if (prep) {
                o.addAll(List.of("name=act-prep-zeroes-" + dev, "filename=" + dev, "bs=1048576", "zero_buffers",
                        "rw=write", "name=act-prep-salt-" + dev, "stonewall", "filename=" + dev, "bs=4096",
                        "ioengine=libaio", "iodepth=64", "rw=randwrite"));
                continue;
            }
            // fio appends "s" to the stored number: test-duration=2 runs 2 s, 2s runs 2000000 s
            o.add("runtime=" + duration + "s");
            o.add("time_based=1");
            o.addAll(List.of("name=act-read-" + dev, "filename=" + dev, "rw=randread",
                    "numjobs=" + threads, "rate_iops=" + (int) (load * ACT_READ_LOAD / threads),
                    "bs=" + blocks * 512));
            long rsize = writeSize / (blocks * 512);
            long wload = (load * ACT_WRITE_LOAD + rsize - 1) / rsize;
            o.addAll(List.of("name=act-write-" + dev, "filename=" + dev, "rw=randwrite",
                    "rate_iops=" + (int) wload, "bs=" + writeSize));
        }
        return o;
    }
}
