package io.jfio.runner;

import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** uncached=1 (RWF_DONTCACHE) on ext4 and on a block device; Ctrl-C on a real jfio process. */
@Timeout(120)
@ExtendWith(LoopDevices.class)
class UncachedAndSignalIT {
    @Test
    void uncachedWorksOnExt4(@Loop(mib = 64) LoopDevice fs) throws Exception {
        Path mnt = fs.mountExt4();
        Jobs.Result ok = Jobs.run("[global]\nioengine=pvsync2\nuncached=1\nbs=64k\nsize=4m\nfilename=" + mnt
                + "/uncached.dat\n[w]\nrw=write\n[r]\nstonewall\nrw=read\n", "normal", false);
        assertEquals(0, ok.rc, ok.err());
        assertEquals(4L << 20, ok.run.jobs().get(0).stats().ioBytes[1]);
        assertEquals(4L << 20, ok.run.jobs().get(1).stats().ioBytes[0]);

    }

    @Test
    void uncachedOnABlockDeviceFailsClearly(@Loop(mib = 16) LoopDevice raw) throws Exception {
        Jobs.Result bad = Jobs.run("[bdev]\nioengine=pvsync2\nuncached=1\nrw=read\nbs=64k\nsize=1m\nfilename="
                + raw.device() + "\n", "normal", false);
        assertEquals(1, bad.rc);
        JobStats st = bad.run.jobs().get(0).stats();
        assertEquals(95, st.error);
        String err = bad.err();
        System.out.print("uncached on a block device, stderr:\n" + err);
        assertTrue(err.contains("fio: io_u error on file " + raw.device() + ": Operation not supported"), err);
        assertTrue(err.contains("RWF_DONTCACHE") || err.toLowerCase().contains("uncached"), err);
        assertTrue(bad.out().contains("err=95"), bad.out());

    }

    @Test
    void ctrlCEndsTheRunAsFioDoes(@Loop(mib = 16) LoopDevice dev) throws Exception {
        Signalled s = ctrlC(dev);
        assertEquals(128, s.status(), "fio's exit status after a signal\n" + s.err());
        assertTrue(s.err().contains("fio: terminating on signal " + s.sig()), s.err());
    }

    @Test
    void ctrlCStillWritesTheJsonReportOfTheIoDone(@Loop(mib = 16) LoopDevice dev) throws Exception {
        Signalled s = ctrlC(dev);
        JsonNode doc = JsonParser.parseDocument(s.out());
        List<JsonNode> jobs = doc.get("jobs").elements();
        assertEquals(1, jobs.size());
        long ios = jobs.get(0).get("read").getLong("total_ios");
        long runtime = jobs.get(0).get("read").getLong("runtime");
        assertTrue(ios > 0, "I/O done before the signal is reported");
        // Stopped by the signal, well before its 60 s runtime.
        assertTrue(runtime > 0 && runtime < 50_000, "runtime " + runtime);
    }

    /** How a signalled jfio ended: the signal sent, its exit status, stderr and stdout. */
    private record Signalled(int sig, int status, String err, String out) {
    }

    /** Starts a 60 s JSON run on dev in a new JVM and interrupts it once its jobs run. */
    private static Signalled ctrlC(LoopDevice dev) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // --eta=always: with JSON on stdout the status line goes to stderr, once the jobs run
        // (after the signal handlers are in): the sign that the run may be signalled.
        Process p = new ProcessBuilder(java, "-Djnr.ffi.x86asm.enabled=false", "-cp",
                System.getProperty("java.class.path"), "io.jfio.runner.cli.Main", "--output-format=json",
                "--eta=always", "--name=long", "--filename=" + dev.device(), "--rw=randread", "--time_based",
                "--runtime=60")
                .redirectError(ProcessBuilder.Redirect.PIPE).start();
        StringBuffer errText = new StringBuffer();
        Thread errReader = new Thread(() -> {
            try (var in = p.getErrorStream()) {
                byte[] buf = new byte[4096];
                for (int n; (n = in.read(buf)) > 0; ) {
                    errText.append(new String(buf, 0, n, StandardCharsets.UTF_8));
                }
            } catch (java.io.IOException e) {
                errText.append(e);
            }
        });
        errReader.start();
        long giveUp = System.nanoTime() + 60_000_000_000L;
        while (errText.indexOf("Jobs: 1") < 0 && p.isAlive() && System.nanoTime() < giveUp) {
            Thread.sleep(50);
        }
        Thread.sleep(1000);
        // Ctrl-C is SIGINT; a process started in the background of a shell without job
        // control inherits SIGINT ignored (as fio would, jfio then ignores it too), so there
        // the same stop is checked with SIGTERM.
        int sig = ignores(p.pid(), 2) ? 15 : 2;
        long t0 = System.nanoTime();
        new ProcessBuilder("kill", "-" + sig, Long.toString(p.pid())).start().waitFor();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "jfio exited after signal " + sig);
        long ms = (System.nanoTime() - t0) / 1_000_000L;
        errReader.join(10_000);
        String err = errText.toString();
        System.out.printf("signal %d: exited %d ms after the signal, status %d%n", sig, ms, p.exitValue());
        return new Signalled(sig, p.exitValue(), err, out);
    }

    /** Whether process {@code pid} ignores signal {@code sig} (the SigIgn mask in /proc). */
    private static boolean ignores(long pid, int sig) throws java.io.IOException {
        for (String line : java.nio.file.Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << (sig - 1))) != 0;
            }
        }
        return false;
    }
}
