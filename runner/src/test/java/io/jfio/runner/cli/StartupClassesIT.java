package io.jfio.runner.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a short run loads, in a fresh JVM with -Xlog:class+load: --parse-only and a null job must
 * not bind jnr-ffi's LibC (its ASM class generation was 0.25-0.8 s of every run's start-up). Any
 * jnr.ffi class loaded means some class on the start path binds libc before it needs it.
 */
class StartupClassesIT {
    @TempDir
    Path dir;

    @Test
    void parseOnlyLoadsNoJnrFfi() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(!inheritsIgnoredStopSignals() || Files.isExecutable(PYTHON),
                "skipped: SIGINT/SIGTERM are ignored by inheritance here and there is no " + PYTHON + " to reset them");
        Path job = dir.resolve("p.fio");
        Files.writeString(job, "[global]\nioengine=libaio\niodepth=8\ndirect=1\n[a]\nrw=randread\nsize=1m\n"
                + "filename=" + dir.resolve("f") + "\n[b]\nioengine=io_uring\nrw=write\nsize=1m\nfilename="
                + dir.resolve("g") + "\n");
        List<String> loaded = classesLoaded("--parse-only", job.toString());
        assertTrue(loaded.contains("io.jfio.jobfile.JobFileParser"), "the job file was parsed");
        assertNoJnr(loaded);
        // SIGPIPE's default is restored through the JVM: jffi (its library, a String.format that
        // loads the JDK's locale data) is not started at all
        List<String> jffi = loaded.stream().filter(c -> c.startsWith("com.kenai.jffi.")).toList();
        assertEquals(List.of(), jffi.subList(0, Math.min(5, jffi.size())), jffi.size() + " jffi classes loaded");
    }

    @Test
    void aNullJobLoadsNoJnrFfi() throws Exception {
        Path job = dir.resolve("n.fio");
        Files.writeString(job, "[n]\nioengine=null\nsize=1m\nbs=4k\n");
        List<String> loaded = classesLoaded("--output-format=normal,json+,terse", job.toString());
        assertTrue(loaded.contains("io.jfio.engine.nullio.NullEngine"), "the job ran: " + loaded.size());
        assertNoJnr(loaded);
    }

    /**
     * An I/O job's libc binding is made during set-up and finished before the first job thread
     * runs (it then ran in the first job thread while the others blocked on its initialiser). With
     * 2 jobs the threads are made after it; with 8 they are made early, held while it is made, and
     * released after it.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {2, 8})
    void anIoJobBindsLibcBeforeItsThreadsStart(int numjobs) throws Exception {
        Path data = dir.resolve("data");
        Files.write(data, new byte[1 << 20]); // laid out already: set-up itself needs no libc
        Path job = dir.resolve("r.fio");
        Files.writeString(job, "[r]\nioengine=psync\nrw=read\nsize=1m\nbs=64k\nnumjobs=" + numjobs + "\nfilename="
                + data + "\n");
        List<String> loaded = classesLoaded("--output-format=terse", job.toString());
        int bound = loaded.indexOf("io.jfio.engine.nativeio.LibC$jnr$ffi$0");
        int jobThread = loaded.indexOf("io.jfio.runner.job.JobIo");
        assertTrue(bound >= 0 && jobThread >= 0, "libc bound at " + bound + ", job I/O at " + jobThread);
        assertTrue(bound < jobThread, "libc was bound after a job thread began its I/O set-up");
        // the binding's own cost: jnr-ffi's unused assemblers (their jars left out) and the
        // annotation proxies its String/Pointer converters made (LibC takes primitives only)
        List<String> extra = loaded.subList(0, bound).stream()
                .filter(c -> c.startsWith("jnr.x86asm.") || c.startsWith("jnr.a64asm.") || c.contains("$Proxy")
                        || c.startsWith("jnr.ffi.provider.converters.")).toList();
        assertEquals(List.of(), extra.subList(0, Math.min(5, extra.size())), extra.size() + " classes the binding need not load");
    }

    private static void assertNoJnr(List<String> loaded) {
        List<String> jnr = loaded.stream().filter(c -> c.startsWith("jnr.") || c.startsWith("org.objectweb.asm.")).toList();
        assertEquals(List.of(), jnr.subList(0, Math.min(5, jnr.size())), jnr.size() + " jnr/asm classes loaded");
    }

    private List<String> classesLoaded(String... args) throws Exception {
        Path log = dir.resolve("classes.log");
        List<String> cmd = new java.util.ArrayList<>();
        if (inheritsIgnoredStopSignals() && Files.isExecutable(PYTHON)) {
            // A background CI shell hands SIGINT down ignored; jfio then re-enables it through jffi
            // as fio's sigaction does, which is right but not what this test measures: the child
            // starts with the default dispositions a terminal gives.
            cmd.addAll(List.of(PYTHON.toString(), "-c", "import os, signal, sys\n"
                    + "for s in (signal.SIGINT, signal.SIGTERM): signal.signal(s, signal.SIG_DFL)\n"
                    + "os.execv(sys.argv[1], sys.argv[1:])"));
        }
        cmd.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djnr.ffi.x86asm.enabled=false", "-Xshare:off",
                "-Xlog:class+load=info:file=" + log + ":uptime,level,tags",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("out").toFile()).start();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "jfio did not finish");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("out")));
        List<String> names = Files.readAllLines(log).stream()
                .map(l -> l.replaceFirst("^\\[[^]]*\\]\\[[^]]*\\]\\[[^]]*\\] ", ""))
                .map(l -> l.split(" ", 2)[0]).toList();
        assertFalse(names.isEmpty());
        return names;
    }

    private static final Path PYTHON = Path.of("/usr/bin/python3");

    /** Whether this process started with SIGINT or SIGTERM ignored (SigIgn in /proc/self/status). */
    private static boolean inheritsIgnoredStopSignals() throws java.io.IOException {
        for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (l.startsWith("SigIgn:")) {
                long mask = Long.parseUnsignedLong(l.substring(7).trim(), 16);
                return (mask & (1L << (2 - 1))) != 0 || (mask & (1L << (15 - 1))) != 0;
            }
        }
        return false;
    }
}
