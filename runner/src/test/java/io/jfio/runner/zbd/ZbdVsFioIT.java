package io.jfio.runner.zbd;

import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.testsupport.LoopDevice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * zonemode=zbd on a regular file, fio against jfio on the same job and a fresh 4 MiB file of
 * 1 MiB zones: the I/O pattern (every --debug=io fill line, in order), the I/O counts, the zone
 * resets and the exit status. fio 3.42 where installed; fio 3.33 (CI) gives the same offsets when
 * jfio seeds as 3.33 does, but its JSON has no zone_resets, so the resets are then checked against
 * the numbers fio 3.42 gave when this test was written.
 */
@Timeout(300)
class ZbdVsFioIT {
    private static final Pattern FILL = Pattern.compile("fill: io_u [^:]*: (off=\\w+,len=\\w+,ddir=\\d)");
    private static final List<String> BASE = List.of("--zonemode=zbd", "--zonesize=1M", "--bs=64k", "--size=4M",
            "--output-format=json", "--debug=io");

    @TempDir
    Path dir;

    private record Result(int rc, List<String> fills, String counts, List<Long> resets, String err, String messages) {
    }

    private Result run(boolean fio, Path exe, Path file, List<String> args) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(0);
            f.setLength(4 << 20);
        }
        FioVsJfio.Outcome o;
        if (fio) {
            List<String> cmd = new ArrayList<>(List.of(exe.toString()));
            cmd.addAll(args);
            o = FioVsJfio.run(cmd, 120, dir);
        } else {
            // in-process (a JVM start per run would make this test slow); offsets seeded as the fio compared with
            String before = System.getProperty("jfio.seeding");
            System.setProperty("jfio.seeding", is342(exe) ? "3.42" : "3.33");
            try {
                o = FioVsJfio.jfio(args);
            } finally {
                if (before == null) {
                    System.clearProperty("jfio.seeding");
                } else {
                    System.setProperty("jfio.seeding", before);
                }
            }
        }
        List<String> fills = new ArrayList<>();
        Matcher m = FILL.matcher(o.out());
        while (m.find()) {
            fills.add(m.group(1));
        }
        StringBuilder counts = new StringBuilder();
        List<Long> resets = new ArrayList<>();
        int brace = o.out().indexOf("\n{");
        if (brace >= 0) {
            int end = o.out().indexOf("\n}\n", brace);
            // --debug=io goes on after the report (the engine's close)
            JsonNode json = FioVsJfio.json(o.out().substring(brace + 1, end < 0 ? o.out().length() : end + 2));
            for (JsonNode j : json.get("jobs").elements()) {
                counts.append(j.get("jobname").text()).append(" err=").append(j.get("error").asLong());
                for (String d : List.of("read", "write")) {
                    counts.append(' ').append(d).append('=').append(j.get(d).get("io_bytes").asLong()).append('/')
                            .append(j.get(d).get("total_ios").asLong());
                }
                counts.append('\n');
                resets.add(j.has("zone_resets") ? j.get("zone_resets").asLong() : -1);
            }
        }
        String err = o.err().replaceAll("(?m)^fio: set debug option io\n", "").replaceAll("pid=\\d+", "pid=N");
        // what fio logs on stdout besides the report (terse lines start with the terse version)
        String messages = o.out().lines().filter(l -> !l.startsWith("3;") && !l.startsWith("io ")
                && !l.startsWith("{") && !l.isEmpty()).map(l -> l.replaceAll("pid=\\d+", "pid=N"))
                .reduce("", (a, b) -> a + b + "\n");
        return new Result(o.rc(), fills, counts.toString(), resets, err, messages);
    }

    private static Boolean fio342;

    private static boolean is342(Path fio) {
        if (fio342 == null) {
            fio342 = FioVsJfio.version(fio).startsWith("fio-3.42");
        }
        return fio342;
    }

    /** Runs both; returns jfio's zone resets per job after checking the rest is fio's. */
    private List<Long> compare(String... extra) throws IOException {
        Path fio = FioVsJfio.fio();
        Path file = Path.of("/dev/shm/w4zbd-it-" + ProcessHandle.current().pid());
        try {
            List<String> args = new ArrayList<>(List.of("--name=a", "--filename=" + file));
            args.addAll(BASE);
            args.addAll(List.of(extra));
            return compare(fio, file, args);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private List<Long> compare(Path fio, Path file, List<String> args) throws IOException {
        Result f = run(true, fio, file, args);
        Result j = run(false, fio, file, args);
        assertEquals(f.rc(), j.rc(), "exit status; fio: " + f.err() + " jfio: " + j.err());
        assertEquals(f.counts(), j.counts());
        assertEquals(f.fills(), j.fills(), "the I/O pattern");
        if (is342(fio)) {
            assertEquals(f.resets(), j.resets(), "zone resets");
        }
        return j.resets();
    }

    /** The resets fio 3.42 gave when this test was written (jfio seeded as 3.33 draws other offsets). */
    private static void resets(long expected, List<Long> actual) {
        if (fio342 != null && fio342) {
            assertEquals(List.of(expected), actual);
        }
    }

    /**
     * fio 3.33's zbd.c chose zones differently where zone tails, reads of mixed jobs and zones
     * shared by jobs in turn are concerned (fio 3.42 rewrote those paths): those cases need 3.42.
     */
    private static void needs342() {
        FioVsJfio.fio342();
    }

    @Test
    void sequentialWriteLoopsResetEveryZoneAgain() throws IOException {
        resets(8, compare("--rw=write", "--loops=3"));
    }

    @Test
    void randomWritesGoToWritePointers() throws IOException {
        resets(12, compare("--rw=randwrite", "--io_size=16M"));
    }

    @Test
    void maxOpenZonesLimitsTheWriteTargets() throws IOException {
        resets(14, compare("--rw=randwrite", "--io_size=16M", "--max_open_zones=2"));
    }

    /**
     * At iodepth 4 a zone filled by a write stays a write target until that write completes, and
     * the job waits for its I/O in flight before it resets, finishes or looks again for a target
     * zone, as fio's zbd.c does (fio 3.42: 13 resets; releasing the zone at issue gave 14).
     */
    @Test
    void queueDepthFourReleasesFullZonesAtCompletion() throws IOException {
        resets(13, compare("--rw=randwrite", "--io_size=16M", "--max_open_zones=2", "--ioengine=libaio",
                "--iodepth=4"));
    }

    /** The other zone limits and zone tails at iodepth 4 (fio 3.42's resets, some unlike its QD1 ones). */
    @Test
    void queueDepthFourWithZoneLimitsAndTails() throws IOException {
        needs342();
        String[] qd4 = {"--ioengine=libaio", "--iodepth=4"};
        resets(5, compare(cat(qd4, "--rw=randwrite", "--io_size=8M", "--max_open_zones=3", "--job_max_open_zones=2",
                "--ignore_zone_limits=1")));
        resets(5, compare(cat(qd4, "--rw=randwrite", "--bs=48k", "--io_size=8M")));
        resets(6, compare(cat(qd4, "--rw=randwrite", "--bs=48k", "--io_size=8M", "--write_zone_remainder=1",
                "--max_open_zones=2")));
        resets(9, compare(cat(qd4, "--rw=randwrite", "--zonecapacity=640k", "--io_size=8M", "--max_open_zones=2")));
        resets(23, compare(cat(qd4, "--rw=randwrite", "--io_size=16M", "--zone_reset_threshold=0.5",
                "--zone_reset_frequency=0.25")));
    }

    private static String[] cat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    @Test
    void jobMaxOpenZonesBelowTheDeviceLimit() throws IOException {
        resets(6, compare("--rw=randwrite", "--io_size=8M", "--max_open_zones=3",
                "--job_max_open_zones=2", "--ignore_zone_limits=1"));
    }

    @Test
    void zoneCapacityBelowTheZoneSize() throws IOException {
        resets(0, compare("--rw=write", "--zonecapacity=640k"));
        resets(12, compare("--rw=randwrite", "--zonecapacity=640k", "--io_size=8M"));
    }

    @Test
    void zoneTailsSmallerThanTheBlockAreFinishedOrWritten() throws IOException {
        needs342();
        resets(5, compare("--rw=randwrite", "--bs=48k", "--io_size=8M"));
        resets(5, compare("--rw=randwrite", "--bs=48k", "--io_size=8M", "--write_zone_remainder=1",
                "--max_open_zones=2"));
    }

    @Test
    void resetThresholdAndFrequency() throws IOException {
        resets(23, compare("--rw=randwrite", "--io_size=16M", "--zone_reset_threshold=0.5",
                "--zone_reset_frequency=0.25"));
    }

    @Test
    void mixedReadsStayBelowTheWritePointerUnlessReadBeyondWp() throws IOException {
        needs342();
        resets(0, compare("--rw=randrw"));
        resets(0, compare("--rw=randrw", "--read_beyond_wp=1", "--recover_zbd_write_error=0"));
        resets(0, compare("--rw=rw"));
    }

    @Test
    void sequentialWriteWithVariableBlocksWrapsAtTheEnd() throws IOException {
        resets(4, compare("--rw=write", "--bsrange=4k-64k", "--io_size=8M"));
    }

    /** Sizes in zones (Nz: fio's zbd_recalc_options_with_zone_granularity). */
    @Test
    void sizesGivenInZones() throws IOException {
        List<String> args = new ArrayList<>(List.of("--rw=randwrite", "--offset=1z", "--io_size=8M", "--zoneskip=0z"));
        resets(6, compareWithSize("--size=2z", args));
    }

    private List<Long> compareWithSize(String size, List<String> extra) throws IOException {
        Path fio = FioVsJfio.fio();
        Path file = Path.of("/dev/shm/w4zbd-it-z-" + ProcessHandle.current().pid());
        try {
            List<String> args = new ArrayList<>(List.of("--name=a", "--filename=" + file));
            args.addAll(BASE);
            args.remove("--size=4M");
            args.add(size);
            args.addAll(extra);
            return compare(fio, file, args);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void readsOfEmptyZonesDoNothing() throws IOException {
        assertEquals(List.of(-1L), compare("--rw=randread"));
    }

    @Test
    void jobsInTurnShareTheZones() throws IOException {
        needs342();
        Path fio = FioVsJfio.fio();
        Path file = Path.of("/dev/shm/w4zbd-it-jobs-" + ProcessHandle.current().pid());
        Path job = dir.resolve("zbd.fio");
        Files.writeString(job, "[global]\nfilename=" + file + "\nzonemode=zbd\nzonesize=1M\nbs=64k\n"
                + "[w]\nrw=write\noffset=1M\nsize=2M\n[rw]\nstonewall\nrw=randrw\nsize=4M\n"
                + "[r]\nstonewall\nrw=read\nsize=4M\n");
        try {
            assertEquals(List.of(0L, 2L, -1L), compare(fio, file, List.of(job.toString(), "--output-format=json",
                    "--debug=io")));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /**
     * A trim of a zone resets it instead of discarding (fio's zbd_do_io_u_trim): on a tmpfs file,
     * where a discard fails with ENOTTY, the trims succeed and count one reset per written zone.
     */
    @Test
    void trimsResetTheirZones() throws IOException {
        Path fio = FioVsJfio.fio();
        Path file = Path.of("/dev/shm/w4zbd-it-trim-" + ProcessHandle.current().pid());
        Path job = dir.resolve("zbd-trim.fio");
        Files.writeString(job, "[global]\nfilename=" + file + "\nzonemode=zbd\nzonesize=1M\nsize=4M\n"
                + "[w]\nrw=write\nbs=64k\nsize=3M\n[t]\nstonewall\nrw=trim\nbs=1M\n"
                + "[w2]\nstonewall\nrw=write\nbs=64k\n[rt]\nstonewall\nrw=randtrim\nbs=1M\n");
        try {
            List<Long> resets = compare(fio, file, List.of(job.toString(), "--output-format=json", "--debug=io"));
            assertEquals(List.of(0L, 3L, 0L, 4L), resets);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** A block device that is not zoned (sysfs queue/zoned: none) gets emulated zones as a file does. */
    @Test
    void loopDeviceGetsEmulatedZones() throws IOException {
        Path fio = FioVsJfio.fio();
        LoopDevice.assumeAvailable();
        try (LoopDevice loop = LoopDevice.create(4 << 20, false)) {
            Path dev = Path.of(loop.device());
            List<String> args = new ArrayList<>(List.of("--name=a", "--filename=" + dev, "--direct=1",
                    "--rw=randwrite", "--io_size=8M", "--max_open_zones=2"));
            args.addAll(BASE);
            args.remove("--size=4M");
            Result f = run(true, fio, loop.backingFile(), args);
            Result j = run(false, fio, loop.backingFile(), args);
            assertEquals(f.rc(), j.rc(), f.err() + j.err());
            assertEquals(f.counts(), j.counts());
            assertEquals(f.fills(), j.fills(), "the I/O pattern");
            if (is342(fio)) {
                assertEquals(List.of(6L), j.resets());
            }
        }
    }

    @Test
    void refusalsAndRoundingAsFioPrintsThem() throws IOException {
        Path fio = FioVsJfio.fio342();
        Path file = Path.of("/dev/shm/w4zbd-it-err-" + ProcessHandle.current().pid());
        try {
            for (List<String> extra : List.of(List.of("--zonesize=0"), List.of("--zonecapacity=2M"),
                    List.of("--rw=write", "--job_max_open_zones=2"), List.of("--rw=read", "--job_max_open_zones=2"),
                    List.of("--rw=write", "--recover_zbd_write_error=1"), List.of("--rw=write", "--bs=2M"),
                    List.of("--rw=write", "--offset=100k"), List.of("--rw=read", "--offset=100k"),
                    List.of("--rw=trim"), List.of("--rw=write", "--zonesize=8M"),
                    List.of("--rw=write", "--verify=md5", "--experimental_verify=1"))) {
                List<String> args = new ArrayList<>(List.of("--name=a", "--filename=" + file, "--zonemode=zbd",
                        "--zonesize=1M", "--bs=64k", "--size=4M", "--output-format=terse"));
                args.addAll(extra);
                Result f = run(true, fio, file, args);
                Result j = run(false, fio, file, args);
                String what = String.join(" ", extra);
                assertEquals(f.rc(), j.rc(), what);
                assertEquals(f.err(), j.err(), what);
                assertEquals(f.messages(), j.messages(), what);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
