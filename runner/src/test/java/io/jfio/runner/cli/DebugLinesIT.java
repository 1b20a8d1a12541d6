package io.jfio.runner.cli;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --debug=io and --debug=random against fio (fio's own tests and users grep these lines): the
 * per-unit fill/prep/queue/complete lines with offset, length, ddir and file, the commit and reap
 * lines of a queued engine, the seeds and the random offset draws, all on stdout, with the pid
 * column and fio's io_u address masked. Plus the type list of --debug=help and the error of an
 * unknown type. The random lines need fio 3.42 (3.33 prints no seeds and draws other offsets).
 */
class DebugLinesIT {
    private Path file;

    @BeforeEach
    void scratch() throws IOException {
        file = Path.of("/dev/shm", "w3cli-debug-" + ProcessHandle.current().pid() + ".dat");
        Files.write(file, new byte[16384]);
    }

    @AfterEach
    void clean() throws IOException {
        Files.deleteIfExists(file);
    }

    /** The lines of one type from the first per-unit line on, pid and addresses masked. */
    private static List<String> lines(String out, String type, String from) {
        List<String> l = new ArrayList<>();
        boolean on = from == null;
        for (String s : out.split("\n")) {
            if (!s.startsWith(String.format("%-8s ", type))) {
                continue;
            }
            String m = s.substring(Math.max(8, type.length()) + 1).replaceFirst("^\\d+ +", "").replaceAll("0x[0-9a-f]{8,}", "PTR");
            if (type.equals("rate")) {
                m = m.replaceAll(" by \\d+$", " by TID"); // fio's gettid(), jfio's thread id
            }
            on |= m.startsWith(from == null ? "" : from);
            if (on) {
                l.add(m);
            }
        }
        return l;
    }

    private static List<String> both(List<String> args, String type, String from) throws IOException {
        return both(FioVsJfio.fio(), args, type, from);
    }

    /** fio and jfio run with the same arguments, each ending with status 0. */
    private static FioVsJfio.Outcome[] runBoth(java.nio.file.Path fio, List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(args);
        FioVsJfio.Outcome f = FioVsJfio.run(cmd, 60);
        FioVsJfio.Outcome j = FioVsJfio.run(FioVsJfio.jfioCommand(args), 120);
        assertEquals(0, f.rc(), f.err());
        assertEquals(0, j.rc(), j.err());
        return new FioVsJfio.Outcome[] {f, j};
    }

    private static List<String> both(java.nio.file.Path fio, List<String> args, String type, String from)
            throws IOException {
        FioVsJfio.Outcome[] fj = runBoth(fio, args);
        FioVsJfio.Outcome f = fj[0];
        FioVsJfio.Outcome j = fj[1];
        assertTrue(f.err().isEmpty() && j.err().isEmpty(), "no debug line on stderr: " + f.err() + j.err());
        List<String> fl = lines(f.out(), type, from);
        // fio's ioengine registry and page-cache lines have no jfio counterpart (docs/differences.md)
        fl.removeIf(s -> s.endsWith("registered") || s.startsWith("declare unneeded cache"));
        List<String> jl = lines(j.out(), type, from);
        assertTrue(fl.size() > 4, "fio printed " + type + " lines: " + f.out());
        assertEquals(String.join("\n", fl), String.join("\n", jl));
        return jl;
    }

    @Test
    void ioLinesOfSyncEngineAsFio() throws IOException {
        List<String> l = both(List.of("--debug=io", "--name=t", "--filename=" + file, "--size=16k", "--bs=4k",
                "--rw=read", "--ioengine=psync"), "io", "fill:");
        assertTrue(l.contains("queue: io_u PTR: off=0x3000,len=0x1000,ddir=0,file=" + file), l.toString());
    }

    @Test
    void ioLinesOfQueuedEngineAsFio() throws IOException {
        List<String> l = both(List.of("--debug=io", "--name=t", "--filename=" + file, "--size=16k", "--bs=4k",
                "--rw=write", "--ioengine=libaio", "--iodepth=2"), "io", "fill:");
        assertTrue(l.contains("calling ->commit(), depth 2"), l.toString());
    }

    @Test
    void randomSeedsAndDrawsAsFio() throws IOException {
        // fio 3.33 prints no seeds and seeds its offsets as jfio does only in 3.42 mode
        List<String> l = both(FioVsJfio.fio342(), List.of("--debug=random", "--name=t", "--filename=" + file,
                "--size=16k", "--bs=4k",
                "--rw=randread", "--randseed=1234"), "random", null);
        assertTrue(l.get(0).equals("FIO_RAND_NR_OFFS=23") && l.stream().anyMatch(s -> s.startsWith("off rand ")),
                l.toString());
    }

    @Test
    void memLinesAsFio() throws IOException {
        // the io_u and buffer allocations, the mem= call and its release, lockmem's pin
        for (List<String> extra : List.of(List.of("--ioengine=psync"), List.of("--ioengine=libaio", "--iodepth=2",
                "--mem=mmap"), List.of("--ioengine=libaio", "--iodepth=3", "--bs=8k", "--direct=1", "--lockmem=64k"))) {
            List<String> args = new ArrayList<>(List.of("--debug=mem", "--name=t", "--filename=" + file,
                    "--size=16k", "--bs=4k", "--rw=read"));
            args.addAll(extra);
            List<String> l = both(args, "mem", null);
            assertTrue(l.stream().anyMatch(s -> s.startsWith("Alloc ")), l.toString());
        }
    }

    @Test
    void verifyLinesAsFio() throws IOException {
        // fio 3.33 has neither the trim_verify nor the in-flight lines
        java.nio.file.Path fio = FioVsJfio.fio342();
        for (List<String> extra : List.of(List.of("--rw=write", "--verify=crc32c"),
                List.of("--rw=write", "--verify=md5", "--verify_interval=1k"),
                List.of("--rw=randwrite", "--verify=sha1", "--ioengine=libaio", "--iodepth=4"),
                List.of("--rw=write", "--verify=meta"))) {
            List<String> args = new ArrayList<>(List.of("--debug=verify", "--name=t", "--filename=" + file,
                    "--size=16k", "--bs=4k"));
            args.addAll(extra);
            List<String> l = both(fio, args, "verify", null);
            assertTrue(l.contains("starting loop") && l.contains("get_next_verify: empty"), l.toString());
        }
    }

    @Test
    void helpAndUnknownTypeAsFio() throws IOException {
        String fio = FioVsJfio.fio342().toString();
        for (List<String> args : List.of(List.of("--debug=help"), List.of("--debug=?"),
                List.of("--debug=nosuch", "--parse-only"), List.of("--debug=job", "--parse-only"),
                // fio prints no net lines outside client/server mode: no warning either
                List.of("--debug=net", "--parse-only"))) {
            List<String> cmd = new ArrayList<>(List.of(fio));
            cmd.addAll(args);
            FioVsJfio.Outcome f = FioVsJfio.run(cmd, 60);
            FioVsJfio.Outcome j = FioVsJfio.run(FioVsJfio.jfioCommand(args), 60);
            assertEquals(f.rc(), j.rc(), args.toString());
            assertEquals(f.out(), j.out(), args.toString());
            assertEquals(f.err(), j.err(), args.toString());
        }
    }
    /** --debug=process lines of fio and jfio for one job line, pids masked; sorted when several jobs race. */
    private static void processLines(List<String> args, boolean sorted) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(FioVsJfio.fio().toString()));
        cmd.addAll(args);
        FioVsJfio.Outcome f = FioVsJfio.run(cmd, 60);
        FioVsJfio.Outcome j = FioVsJfio.run(FioVsJfio.jfioCommand(args), 120);
        assertEquals(f.rc(), j.rc(), f.err() + j.err());
        List<String> fl = new ArrayList<>();
        List<String> jl = new ArrayList<>();
        for (String[] p : new String[][] {{f.out(), "f"}, {j.out(), "j"}}) {
            for (String m : lines(p[0], "process", null)) {
                (p[1].equals("f") ? fl : jl).add(m.replaceAll("pid=\\d+", "pid=P").replaceAll("/\\d+$", "/P"));
            }
        }
        if (sorted) {
            fl.sort(null);
            jl.sort(null);
        }
        assertTrue(fl.contains("pid=P: runstate EXITED -> REAPED"), "fio printed its run states: " + f.out());
        assertEquals(String.join("\n", fl), String.join("\n", jl), args.toString());
    }

    @Test
    void processLinesAsFio() throws IOException {
        // the same in fio 3.33 and 3.42: run_threads' creation, thread_main's start, every run
        // state change (verify ends in RUNNING, end_fsync's FSYNCING, ramp_time's RAMP), the
        // end's terminate and log writeout; without create_serialize the thread sets up its
        // files once RUNNING; a job whose set-up fails is reaped before it is created
        List<String> base = List.of("--debug=process", "--name=t", "--filename=" + file, "--size=16k", "--bs=4k");
        for (List<String> extra : List.of(List.of("--rw=write", "--verify=crc32c", "--end_fsync=1"),
                List.of("--rw=read", "--create_serialize=0", "--thread"),
                List.of("--rw=read", "--ramp_time=1", "--time_based", "--runtime=1"))) {
            List<String> args = new ArrayList<>(base);
            args.addAll(extra);
            processLines(args, false);
        }
        processLines(List.of("--debug=process", "--name=t", "--filename=/nonexistent-w5dbg/x", "--size=16k",
                "--rw=read"), false);
        List<String> two = new ArrayList<>(base);
        two.addAll(List.of("--rw=read", "--numjobs=2"));
        processLines(two, true);
    }
    @Test
    void zbdLinesAsFio() throws IOException {
        // fio 3.33's zbd.c prints other lines (max open zones, zbd_file_reset): 3.42 only
        java.nio.file.Path fio = FioVsJfio.fio342();
        Files.write(file, new byte[65536]);
        List<String> base = List.of("--debug=zbd", "--name=t", "--filename=" + file, "--size=64k", "--bs=4k",
                "--zonemode=zbd", "--zonesize=16k");
        for (List<String> extra : List.of(List.of("--rw=write", "--io_size=128k"),
                List.of("--rw=randwrite", "--randseed=1", "--max_open_zones=2", "--io_size=32k"),
                List.of("--rw=randwrite", "--randseed=3", "--bs=12k", "--io_size=96k", "--max_open_zones=2"),
                List.of("--rw=randwrite", "--randseed=7", "--zone_reset_threshold=0.5", "--zone_reset_frequency=1",
                        "--io_size=96k", "--max_open_zones=3"),
                List.of("--rw=randrw", "--randseed=5", "--io_size=64k", "--max_open_zones=2"),
                List.of("--rw=write", "--verify=crc32c"),
                List.of("--rw=write", "--zonecapacity=12k", "--io_size=128k"),
                // libaio at QD4: each queued I/O's terminate line as it completes
                List.of("--rw=write", "--io_size=128k", "--ioengine=libaio", "--iodepth=4"))) {
            List<String> args = new ArrayList<>(base);
            args.addAll(extra);
            List<String> l = both(fio, args, "zbd", null);
            assertTrue(l.get(0).endsWith(": using max write zones limit: " + (args.contains("--max_open_zones=2") ? 2
                    : args.contains("--max_open_zones=3") ? 3 : 0)), l.toString());
        }
    }

    @Test
    void rateLinesAsFio() throws IOException {
        // rate_process=poisson's draw per I/O (fio's seeds: 3.42), offload's hand-over per unit
        java.nio.file.Path fio = FioVsJfio.fio342();
        List<String> base = List.of("--debug=rate", "--name=t", "--filename=" + file, "--size=16k", "--bs=4k",
                "--rw=read");
        List<String> poisson = new ArrayList<>(base);
        poisson.addAll(List.of("--rate_iops=1000", "--rate_process=poisson", "--randseed=5", "--size=32k"));
        List<String> l = both(fio, poisson, "rate", null);
        assertTrue(l.size() == 8 && l.get(0).startsWith("poisson rate iops="), l.toString());
        List<String> offload = new ArrayList<>(base);
        // iodepth=1: one submit worker in both tools, so the lines come in one order
        offload.addAll(List.of("--io_submit_mode=offload", "--iodepth=1"));
        List<String> fl = both(fio, offload, "rate", null);
        assertTrue(fl.contains("io_u PTR ret 0 by TID"), fl.toString());
    }

    @Test
    void steadystateLinesAsFio() throws IOException {
        // the values are measured: compare the lines with their numbers masked. A 100% deviation
        // limit is met by any two non-zero intervals, so both stop at the first full window.
        // fio 3.33's deviation line has no "intervals:": 3.42 only
        List<String> args = List.of("--debug=steadystate", "--name=t", "--filename=" + file, "--size=16k",
                "--bs=4k", "--rw=read", "--time_based", "--runtime=4", "--steadystate=iops:100%",
                "--steadystate_duration=2", "--rate_iops=200");
        List<String> cmd = new ArrayList<>(List.of(FioVsJfio.fio342().toString()));
        cmd.addAll(args);
        FioVsJfio.Outcome f = FioVsJfio.run(cmd, 60);
        FioVsJfio.Outcome j = FioVsJfio.run(FioVsJfio.jfioCommand(args), 120);
        assertEquals(0, f.rc(), f.err());
        assertEquals(0, j.rc(), j.err());
        List<String> fl = new ArrayList<>();
        for (String m : lines(f.out(), "steadystate", null)) {
            fl.add(m.replaceAll("-?[0-9]+(\\.[0-9]+)?", "N"));
        }
        List<String> jl = new ArrayList<>();
        for (String m : lines(j.out(), "steadystate", null)) {
            jl.add(m.replaceAll("-?[0-9]+(\\.[0-9]+)?", "N"));
        }
        assertEquals(List.of("steadystate_check() thread: N, groupid: N, rate_msec: N, iops: N, bw: N, head: N, tail: N",
                "steadystate_check() thread: N, groupid: N, rate_msec: N, iops: N, bw: N, head: N, tail: N",
                "intervals: N, sum_y: N, mean: N, max diff: N, objective: N, limit: N"), fl, f.out());
        assertEquals(fl, jl, j.out());
        assertTrue(lines(j.out(), "steadystate", null).get(2).endsWith("limit: 100.000000"), j.out());
    }

    /** --debug=file lines of fio and jfio, each run in an emptied {@code dir} (fio's layout would change jfio's). */
    private static List<String> fileLines(java.nio.file.Path fio, Path dir, List<String> args) throws IOException {
        return fileLines(fio, dir, args, true);
    }

    /** As above; with {@code whole} false, only the lines before the first job's set-up (those of reading the jobs). */
    private static List<String> fileLines(java.nio.file.Path fio, Path dir, List<String> args, boolean whole)
            throws IOException {
        FioVsJfio.Outcome[] fj = runBothIn(fio, dir, args);
        FioVsJfio.Outcome f = fj[0];
        FioVsJfio.Outcome j = fj[1];
        assertEquals(f.rc(), j.rc(), f.err() + j.err());
        List<String> fl = lines(f.out(), "file", null);
        List<String> jl = lines(j.out(), "file", null);
        assertTrue(fl.contains("setup files"), "fio printed its file lines: " + f.out());
        if (!whole) {
            fl = fl.subList(0, fl.indexOf("setup files"));
            jl = jl.subList(0, Math.max(0, jl.indexOf("setup files")));
        }
        assertEquals(String.join("\n", fl), String.join("\n", jl), args.toString());
        return jl;
    }

    /** fio and jfio run with the same arguments, each in an emptied {@code dir}. */
    private static FioVsJfio.Outcome[] runBothIn(java.nio.file.Path fio, Path dir, List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(args);
        emptyDir(dir);
        FioVsJfio.Outcome f = FioVsJfio.run(cmd, 60);
        emptyDir(dir);
        FioVsJfio.Outcome j = FioVsJfio.run(FioVsJfio.jfioCommand(args), 120);
        return new FioVsJfio.Outcome[] {f, j};
    }

    private static void emptyDir(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) {
                Files.delete(p);
            }
        }
    }

    @Test
    void fileLinesAsFio() throws IOException {
        // the same in fio 3.33 and 3.42: the files added while the job is read, the set-up
        // (sizes, layout's unlink, open flags, fallocate's mode, truncate), every pick of the file
        // service with fio's open on first use and the file's flags (size_known of a file that was
        // there, axmap/lfsr of random I/O), the reference per I/O, a done file's close, a pass's
        // and the verify phase's reopen, and the close (unlink=1's unlinks) at the end
        java.nio.file.Path fio = FioVsJfio.fio();
        Path dir = Files.createDirectories(Path.of("/dev/shm", "w6dbg-file-" + ProcessHandle.current().pid()));
        try {
            String d = "--directory=" + dir;
            Files.write(file, new byte[65536]);
            List<List<String>> jobs = List.of(
                    List.of("--filename=" + dir + "/a", "--size=16k", "--rw=read"),
                    List.of(d, "--nrfiles=3", "--size=24k", "--rw=read", "--file_service_type=roundrobin:2",
                            "--fallocate=keep"),
                    List.of(d, "--nrfiles=2", "--size=16k", "--rw=randwrite", "--file_service_type=sequential",
                            "--unlink=1"),
                    List.of(d, "--nrfiles=3", "--size=24k", "--rw=read", "--file_service_type=random"),
                    List.of(d, "--nrfiles=2", "--size=16k", "--rw=read", "--loops=2", "--fallocate=none"),
                    List.of("--filename=" + dir + "/l", "--size=64k", "--rw=randread", "--random_generator=lfsr",
                            "--fallocate=posix"),
                    // one file: fio 3.33 reads two files' verify back in another order than 3.42 and jfio
                    List.of("--filename=" + dir + "/v", "--size=16k", "--rw=write", "--verify=crc32c",
                            "--fallocate=truncate"),
                    List.of(d, "--nrfiles=3", "--size=24k", "--rw=read", "--openfiles=1"),
                    // create_on_open creates the file for a read too: fio's job opens it and fails on
                    // its first (empty) read, with the same lines
                    List.of(d, "--nrfiles=2", "--size=16k", "--rw=read", "--create_on_open=1"),
                    List.of("--filename=" + file, "--size=16k", "--rw=randrw", "--ioengine=libaio", "--iodepth=3"),
                    List.of("--filename=" + file, "--size=16k", "--rw=read", "--ioengine=null"));
            for (List<String> job : jobs) {
                List<String> args = new ArrayList<>(List.of("--debug=file", "--name=t", "--bs=4k"));
                args.addAll(job);
                fileLines(fio, dir, args);
            }
            // opendir adds the files it finds as a filename list; all of them stay open, as fio's
            Path od = Files.createDirectories(Path.of(dir + "-od"));
            try {
                Files.write(od.resolve("x"), new byte[8192]);
                Files.write(od.resolve("y"), new byte[8192]);
                fileLines(fio, dir, List.of("--debug=file", "--name=t", "--bs=4k", "--opendir=" + od, "--rw=read"));
            } finally {
                emptyDir(od);
                Files.delete(od);
            }
            // a [global] filename is added once, while fio reads [global]; each job starts with it
            Path jobFile = Files.writeString(Path.of(dir + ".fio"), "[global]\nfilename=" + dir
                    + "/g\nsize=8k\nbs=4k\n[a]\nrw=read\n[b]\nrw=write\n"
                    + "stonewall\n");
            try {
                List<String> l = fileLines(fio, dir, List.of("--debug=file", jobFile.toString()));
                assertEquals("dup files: 1", l.get(3), l.toString());
            } finally {
                Files.deleteIfExists(jobFile);
            }
        } finally {
            emptyDir(dir);
            Files.delete(dir);
        }
    }

    /**
     * A [global] filename=a:b is added once, while fio reads [global]; each job starts with its
     * two files (dup files: 2, nothing added again) and a job's own filename=c adds a third at
     * index 2; a second [global] adds to the first, and options before the first --name are a
     * global too. Jobs that run at once interleave their run lines (fio's job processes also
     * find each other's open files in fio's file hash), so those compare up to the first job's
     * set-up; stonewalled, every line. fio 3.33 and 3.42 print the same.
     */
    @Test
    void fileLinesOfInheritedFilenamesAsFio() throws IOException {
        List<java.nio.file.Path> fios = FioVsJfio.everyFio();
        org.junit.jupiter.api.Assumptions.assumeTrue(!fios.isEmpty(), "skipped: no fio installed");
        Path dir = Files.createDirectories(Path.of("/dev/shm", "w8dbg-global-" + ProcessHandle.current().pid()));
        Path jobFile = Path.of(dir + ".fio");
        String global = "[global]\ndirectory=" + dir + "\nfilename=a:b\nsize=16k\nbs=4k\nioengine=psync\n";
        try {
            for (java.nio.file.Path fio : fios) {
                Files.writeString(jobFile, global + "[j1]\n[j2]\nfilename=c\n");
                List<String> l = fileLines(fio, dir, List.of("--debug=file", jobFile.toString()), false);
                assertEquals(List.of("add file a", "resize file array to 1 files"), l.subList(0, 2), l.toString());
                assertEquals(List.of("dup files: 2", "dup files: 2", "add file c"),
                        l.stream().filter(s -> s.startsWith("dup") || s.startsWith("add file")).toList().subList(2, 5),
                        l.toString());
                Files.writeString(jobFile, global + "[j1]\n[j2]\nstonewall\nfilename=c\n");
                fileLines(fio, dir, List.of("--debug=file", jobFile.toString()), true);
                Files.writeString(jobFile, global + "[j1]\n[global]\nfilename=d\n[j2]\nfilename=c\nnumjobs=2\n");
                fileLines(fio, dir, List.of("--debug=file", jobFile.toString()), false);
                fileLines(fio, dir, List.of("--debug=file", "--directory=" + dir, "--filename=a", "--size=16k",
                        "--name=j1", "--name=j2", "--filename=c"), false);
            }
        } finally {
            Files.deleteIfExists(jobFile);
            emptyDir(dir);
            Files.delete(dir);
        }
    }

    /** The lines of the given types, pid and a stat file's numbers masked. */
    private static List<String> typed(String out, String... types) {
        List<String> l = new ArrayList<>();
        for (String s : out.split("\n")) {
            for (String t : types) {
                if (s.startsWith(String.format("%-8s ", t))) {
                    l.add(t + " " + s.substring(Math.max(8, t.length()) + 1).replaceFirst("^\\d+ +", "")
                            .replaceFirst("/stat: +[0-9 ]+$", "/stat: NUMBERS"));
                }
            }
        }
        return l;
    }

    /**
     * --debug=diskutil: each file of the job looked up as it starts (a block device's own number,
     * a tmpfs file's file system, which has no disk), the disk added to the list with its first
     * stat read, the same files again from the job itself; then each 250 ms tick's `update io
     * ticks` (as many as the run lasts) with the stat read of the disk in use. --debug=helperthread:
     * `clk_tck = 100` before `Starting`, and one `next_log` line per tick. fio's `Clock jump?`
     * lines are its timer's (docs/differences.md). fio 3.42 only.
     */
    @Test
    void diskutilAndHelperthreadLinesAsFio() throws IOException {
        io.jfio.testsupport.LoopDevice.assumeAvailable();
        // fio 3.33 looks the files up once (not again from the job)
        java.nio.file.Path fio = FioVsJfio.fio342();
        try (io.jfio.testsupport.LoopDevice loop = io.jfio.testsupport.LoopDevice.create(4 << 20, false)) {
            List<String> args = List.of("--debug=diskutil,helperthread", "--name=t", "--filename=" + loop.device()
                    + ":" + file, "--size=2m", "--bs=4k", "--rw=read", "--rate=2m");
            FioVsJfio.Outcome[] fj = runBoth(fio, args);
            FioVsJfio.Outcome f = fj[0];
            FioVsJfio.Outcome j = fj[1];
            assertEquals("", j.err());
            List<String> fl = typed(f.out(), "diskutil", "helperthread");
            List<String> jl = typed(j.out(), "diskutil", "helperthread");
            fl.removeIf(s -> s.endsWith("Clock jump?"));
            String dev = loop.device().substring("/dev/".length());
            String sys = "/sys/block/" + dev;
            String mm = io.jfio.runner.stats.DiskDevices.majorMinor(loop.device());
            String shm = io.jfio.runner.stats.DiskDevices.majorMinor(file.toString());
            List<String> lookups = List.of("helperthread clk_tck = 100",
                    "diskutil " + loop.device() + " belongs to maj/min " + mm,
                    "diskutil add maj/min " + mm + ": " + sys,
                    "diskutil add " + dev + " to list",
                    "diskutil open stat file: " + sys + "/stat",
                    "diskutil " + sys + "/stat: NUMBERS",
                    "diskutil " + sys + "/stat: stat read ok? 1",
                    "diskutil " + file + " belongs to maj/min " + shm,
                    "diskutil " + loop.device() + " belongs to maj/min " + mm,
                    "diskutil " + file + " belongs to maj/min " + shm);
            for (List<String> l : List.of(fl, jl)) {
                assertEquals(lookups, l.subList(0, Math.min(l.size(), lookups.size())), f.out() + "\n" + j.out());
                List<String> rest = l.subList(lookups.size(), l.size());
                // 2 MiB at 2 MiB/s: a second of 250 ms ticks
                assertTrue(rest.stream().filter(s -> s.equals("diskutil update io ticks")).count() >= 3, l.toString());
                assertTrue(rest.stream().filter(s -> s.startsWith("helperthread ")).count() >= 2, l.toString());
                for (String s : rest) {
                    assertTrue(s.equals("diskutil update io ticks") || s.equals("diskutil open stat file: " + sys + "/stat")
                            || s.equals("diskutil " + sys + "/stat: NUMBERS") || s.equals("diskutil " + sys + "/stat: stat read ok? 1")
                            || s.matches("helperthread next_log: \\d+, msec_to_next_event: \\d+"), s);
                }
                assertTrue(rest.contains("diskutil " + sys + "/stat: stat read ok? 1"), "a tick reads the disk in use");
            }
            assertTrue(f.out().indexOf("clk_tck") < f.out().indexOf("Starting 1 process"), f.out());
            assertTrue(j.out().indexOf("clk_tck") < j.out().indexOf("Starting 1 process"), j.out());
        }
    }

    /**
     * --debug=compress with log_store_compressed: per log, the deflate of its samples (the same
     * input size: fio's binary samples), its chunk, the total and the chunk written; the deflated
     * sizes follow the measured values. fio 3.42 only.
     */
    @Test
    void compressLinesAsFio() throws IOException {
        // fio 3.33's samples are 32 bytes (no prio), jfio writes 3.42's 40
        java.nio.file.Path fio = FioVsJfio.fio342();
        Path dir = Files.createDirectories(Path.of("/dev/shm", "w8dbg-gz-" + ProcessHandle.current().pid()));
        try {
            Files.write(file, new byte[1 << 20]);
            List<String> args = List.of("--debug=compress", "--name=t", "--filename=" + file, "--size=1m", "--bs=4k",
                    "--rw=read", "--write_lat_log=" + dir + "/lat", "--log_store_compressed=1");
            FioVsJfio.Outcome[] fj = runBothIn(fio, dir, args);
            FioVsJfio.Outcome f = fj[0];
            FioVsJfio.Outcome j = fj[1];
            assertEquals(0, f.rc(), f.err());
            assertEquals(0, j.rc(), j.err());
            List<String> fl = typed(f.out(), "compress");
            List<String> jl = typed(j.out(), "compress");
            assertEquals(8, fl.size(), f.out());
            java.util.function.UnaryOperator<String> sizes = s -> s.replaceAll("chunk=\\d+", "chunk=N")
                    .replaceAll("chunk size=\\d+", "chunk size=N").replaceAll("deflated to size=\\d+", "deflated to size=N");
            assertEquals(String.join("\n", fl.stream().map(sizes).toList()), String.join("\n", jl.stream().map(sizes).toList()));
            assertTrue(jl.get(0).equals("compress deflate input size=10240, seq=1, log=" + dir + "/lat_lat.1.log.fz"), jl.toString());
        } finally {
            emptyDir(dir);
            Files.delete(dir);
        }
    }

    @Test
    void fileLinesOfBlockDeviceAsFio() throws IOException {
        // get_file_size opens the device for its size; its flags say the size is known
        io.jfio.testsupport.LoopDevice.assumeAvailable();
        java.nio.file.Path fio = FioVsJfio.fio();
        try (io.jfio.testsupport.LoopDevice loop = io.jfio.testsupport.LoopDevice.create(1 << 20, false)) {
            Path dir = Files.createDirectories(Path.of("/dev/shm", "w6dbg-blk-" + ProcessHandle.current().pid()));
            try {
                List<String> l = fileLines(fio, dir, List.of("--debug=file", "--name=t", "--filename=" + loop.device(),
                        "--size=16k", "--bs=4k", "--rw=write", "--direct=1", "--ioengine=libaio", "--iodepth=2"));
                assertTrue(l.contains("trying file " + loop.device() + " 210"), l.toString());
            } finally {
                Files.delete(dir);
            }
        }
    }

    @Test
    void profileLinesAsFio() throws IOException {
        // the same in fio 3.33 and 3.42: --profile's load (also of an unknown one) and, at exit,
        // the unregister of each built-in profile (also without --profile)
        java.nio.file.Path fio = FioVsJfio.fio();
        for (List<String> args : List.of(List.of("--debug=profile", "--profile=tiobench", "--parse-only"),
                List.of("--profile=nosuch", "--debug=profile", "--parse-only"),
                List.of("--debug=profile", "--parse-only", "--name=x", "--filename=" + file))) {
            List<String> cmd = new ArrayList<>(List.of(fio.toString()));
            cmd.addAll(args);
            FioVsJfio.Outcome f = FioVsJfio.run(cmd, 60);
            FioVsJfio.Outcome j = FioVsJfio.run(FioVsJfio.jfioCommand(args), 60);
            assertEquals(f.rc(), j.rc(), args + f.err() + j.err());
            assertEquals(f.err(), j.err(), args.toString());
            List<String> fl = lines(f.out(), "profile", null);
            assertTrue(fl.contains("unregister profile 'tiobench'"), f.out());
            assertEquals(fl, lines(j.out(), "profile", null), args.toString());
        }
    }
}
