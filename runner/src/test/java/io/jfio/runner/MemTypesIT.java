package io.jfio.runner;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * mem=/iomem= types and lockmem, fio against jfio. The job's exec_prerun and exec_postrun read
 * the job process's /proc/$PPID/maps and status while its buffers are allocated (fio runs both
 * hooks with the buffers in place, prerun with lockmem pinned), so what each tool mapped is seen
 * without racing the job: System V segments, huge-page and file mappings with their flags (s:
 * shared) and sizes, and VmLck. Root sets vm.nr_hugepages and mounts a hugetlbfs for the huge
 * types and puts both back afterwards.
 */
@Timeout(300)
class MemTypesIT {
    private static final Path NR_HUGEPAGES = Path.of("/proc/sys/vm/nr_hugepages");
    private static FileChannel lockFile;
    private static FileLock lock;
    private static String savedHugePages;
    private static Path hugeMount;

    @TempDir
    Path dir;

    @BeforeAll
    static void hugePages(@TempDir Path mnt) throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "skipped: needs root (vm.nr_hugepages, hugetlbfs)");
        assumeTrue(Files.isWritable(NR_HUGEPAGES), "skipped: no writable " + NR_HUGEPAGES);
        // one user of the machine's huge page pool at a time
        lockFile = FileChannel.open(Path.of("/dev/shm/jfio-hugepages.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        lock = lockFile.lock();
        savedHugePages = Files.readString(NR_HUGEPAGES).trim();
        hugeMount = mnt;
        if (Integer.parseInt(savedHugePages) < 8) {
            Files.writeString(NR_HUGEPAGES, "8");
        }
        FioVsJfio.Outcome m = FioVsJfio.run(List.of("mount", "-t", "hugetlbfs", "none", mnt.toString()), 30);
        if (m.rc() != 0) {
            hugeMount = null;
            restore();
            assumeTrue(false, "skipped: cannot mount hugetlbfs: " + m.both());
        }
    }

    @AfterAll
    static void restore() throws Exception {
        if (hugeMount != null) {
            FioVsJfio.run(List.of("umount", hugeMount.toString()), 30);
            hugeMount = null;
        }
        if (savedHugePages != null) {
            Files.writeString(NR_HUGEPAGES, savedHugePages);
            savedHugePages = null;
        }
        if (lock != null) {
            lock.release();
            lockFile.close();
            lock = null;
        }
    }

    /** The buffer mappings (perms, size, name) and VmLck a tool's job shows in its hooks, and its exit status. */
    private String observe(List<String> prefix, String who, List<String> options, String mappedFile) throws Exception {
        Path run = Files.createDirectories(dir.resolve(who));
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("--name=m", "--filename=" + run.resolve("m.dat"), "--rw=write", "--bs=64k",
                "--iodepth=4", "--ioengine=libaio", "--size=256k", "--output-format=terse",
                "--exec_prerun=cd " + run + " && grep VmLck /proc/$PPID/status",
                // the job's mappings, then its parent's: fio's job inherits the main process's shared
                // pool (a System V segment too), which is not a buffer
                "--exec_postrun=cd " + run + " && { cat /proc/$PPID/maps; echo ==; cat /proc/$(awk '{print $4}' /proc/$PPID/stat)/maps; }"));
        cmd.addAll(options);
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 120);
        StringBuilder sb = new StringBuilder("rc=" + o.rc() + "\n");
        sb.append(Files.readString(run.resolve("m.prerun.txt")).replaceAll("\\s+", " ").trim()).append('\n');
        List<String> maps = Files.readAllLines(run.resolve("m.postrun.txt"));
        int sep = maps.indexOf("==");
        java.util.Set<String> inherited = maps.subList(sep + 1, maps.size()).stream()
                .map(l -> l.split("\\s+")[0] + " " + l.split("\\s+")[4]).collect(Collectors.toSet());
        for (String line : maps.subList(0, sep)) {
            String[] f = line.trim().split("\\s+");
            if (inherited.contains(f[0] + " " + f[4])) {
                continue;
            }
            String name = f.length > 5 ? f[5] + (f.length > 6 ? " " + f[6] : "") : "";
            if (name.startsWith("/SYSV") || name.startsWith("/anon_hugepage")
                    || (mappedFile != null && name.startsWith(mappedFile))) {
                String[] range = f[0].split("-");
                long len = Long.parseUnsignedLong(range[1], 16) - Long.parseUnsignedLong(range[0], 16);
                sb.append(f[1]).append(' ').append(len).append(' ').append(name).append('\n');
            }
        }
        return sb.toString();
    }

    private String compare(List<String> options, String mappedFile) throws Exception {
        Path fio = FioVsJfio.fio();
        String f = observe(List.of(fio.toString()), "fio", options, mappedFile);
        String j = observe(FioVsJfio.jfioCommand(List.of()), "jfio", options, mappedFile);
        assertEquals(f, j, "fio vs jfio for " + options);
        return f;
    }

    @Test
    void shmIsASystemVSegment() throws Exception {
        assertEquals("rc=0\nVmLck: 0 kB\nrw-s 262144 /SYSV00000000 (deleted)\n", compare(List.of("--mem=shm"), null));
    }

    @Test
    void shmhugeIsASegmentOfHugePages() throws Exception {
        assertEquals("rc=0\nVmLck: 0 kB\nrw-s 2097152 /SYSV00000000 (deleted)\n",
                compare(List.of("--mem=shmhuge"), null));
        // a larger hugepage-size rounds the segment up to it (two 2 MiB pages)
        assertEquals("rc=0\nVmLck: 0 kB\nrw-s 4194304 /SYSV00000000 (deleted)\n",
                compare(List.of("--mem=shmhuge", "--hugepage-size=4m"), null));
    }

    @Test
    void mmaphugeIsAnAnonymousHugePageMapping() throws Exception {
        assertEquals("rc=0\nVmLck: 0 kB\nrw-p 2097152 /anon_hugepage (deleted)\n",
                compare(List.of("--iomem=mmaphuge"), null));
    }

    @Test
    void mmaphugeOnAHugetlbfsFileIsSharedAndUnlinkedAfter() throws Exception {
        Path file = hugeMount.resolve("bufs");
        String seen = compare(List.of("--mem=mmaphuge:" + file), file.toString());
        assertEquals("rc=0\nVmLck: 0 kB\nrw-s 2097152 " + file + "\n", seen);
        assertFalse(Files.exists(file), "the file fio created is unlinked after the job");
    }

    @Test
    void mmapOnAFileIsPrivateAndAPreexistingFileIsKept() throws Exception {
        Path file = dir.resolve("bufs");
        assertEquals("rc=0\nVmLck: 0 kB\nrw-p 262144 " + file + "\n", compare(List.of("--mem=mmap:" + file), file.toString()));
        assertFalse(Files.exists(file));
        // mmapshared does not truncate the file: one already big enough is mapped shared and stays
        Files.write(file, new byte[262144]);
        assertEquals("rc=0\nVmLck: 0 kB\nrw-s 262144 " + file + "\n",
                compare(List.of("--mem=mmapshared:" + file), file.toString()));
        assertTrue(Files.exists(file));
    }

    @Test
    void anonymousTypesMapNothingNamed() throws Exception {
        for (String type : List.of("malloc", "mmap", "mmapshared")) {
            assertEquals("rc=0\nVmLck: 0 kB\n", compare(List.of("--mem=" + type), null), type);
        }
    }

    @Test
    void lockmemIsPinnedDuringTheJob() throws Exception {
        assertEquals("rc=0\nVmLck: 4096 kB\n", compare(List.of("--lockmem=4m"), null));
    }

    @Test
    void buffersOnHugePagesCarryVerifiedData() throws Exception {
        Path f = dir.resolve("v.dat");
        FioVsJfio.Outcome o = FioVsJfio.run(FioVsJfio.jfioCommand(List.of("--name=v", "--filename=" + f, "--rw=randwrite",
                "--bs=4k", "--size=1m", "--iodepth=8", "--ioengine=io_uring", "--direct=1", "--verify=crc32c",
                "--mem=shmhuge", "--iomem_align=512", "--output-format=terse")), 120);
        assertEquals(0, o.rc(), o.both());
        assertFalse(o.both().contains("verify"), o.both());
    }

    /**
     * mmapshared on a file shorter than the buffers: fio maps it shared without growing it and dies
     * of SIGBUS on the first touch ({@code got signal=7}, exit 0); jfio refuses with err=14 instead.
     */
    @Test
    void mmapsharedOnAShortFileIsRefused() throws Exception {
        Path file = dir.resolve("short");
        FioVsJfio.Outcome o = FioVsJfio.run(FioVsJfio.jfioCommand(List.of("--name=s", "--filename=" + dir.resolve("s.dat"),
                "--rw=write", "--bs=64k", "--size=256k", "--mem=mmapshared:" + file)), 60);
        assertEquals(1, o.rc(), o.both());
        assertTrue(o.both().contains("fio: mmap file " + file + " (0 bytes) is shorter than the 65536 bytes"), o.both());
        assertTrue(o.both().contains("err=14/file:memory.c:170, func=mmap, error=Bad address"), o.both());
        assertFalse(Files.exists(file), "the file jfio created is removed again");
    }

    /** With no huge page free, fio's advice and error lines and its exit status. */
    @Test
    void noHugePagesFailsAsFio() throws Exception {
        Path fio = FioVsJfio.fio342(); // fio 3.33 dies of SIGSEGV here
        assumeTrue(meminfo("HugePages_Total") == meminfo("HugePages_Free"), "skipped: huge pages in use elsewhere");
        String before = Files.readString(NR_HUGEPAGES).trim();
        Files.writeString(NR_HUGEPAGES, "0");
        try {
            for (String type : List.of("shmhuge", "mmaphuge")) {
                List<String> args = List.of("--name=h", "--filename=" + dir.resolve("h.dat"), "--rw=write", "--bs=64k",
                        "--size=256k", "--mem=" + type);
                List<String> fcmd = new ArrayList<>(List.of(fio.toString()));
                fcmd.addAll(args);
                FioVsJfio.Outcome f = FioVsJfio.run(fcmd, 60);
                FioVsJfio.Outcome j = FioVsJfio.run(FioVsJfio.jfioCommand(args), 60);
                assertEquals(errors(f), errors(j), type);
                assertTrue(errors(f).contains("err=12/file:memory.c:"), errors(f));
            }
        } finally {
            Files.writeString(NR_HUGEPAGES, before);
        }
    }

    private static String errors(FioVsJfio.Outcome o) {
        return "rc=" + o.rc() + "\n" + o.both().lines().filter(l -> l.startsWith("fio: ") && !l.startsWith("fio-"))
                .map(l -> l.replaceAll("pid=\\d+", "pid=N")).sorted().collect(Collectors.joining("\n"));
    }

    private static long meminfo(String key) throws IOException {
        for (String l : Files.readAllLines(Path.of("/proc/meminfo"))) {
            if (l.startsWith(key + ":")) {
                return Long.parseLong(l.substring(key.length() + 1).trim().split("\\s+")[0]);
            }
        }
        return -1;
    }
}
