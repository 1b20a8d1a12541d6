package io.jfio.runner;

import io.jfio.testsupport.LoopDevice;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** uncached=1 (RWF_DONTCACHE) on ext4 and on a block device; Ctrl-C on a real jfio process. */
@Timeout(120)
class UncachedAndSignalIT {
    @Test
    void uncachedWorksOnExt4() throws Exception {
        LoopDevice.assumeAvailable();
        try (LoopDevice fs = LoopDevice.create(64L << 20, false)) {
            Path mnt = fs.mountExt4();
            Jobs.Result ok = Jobs.run("[global]\nioengine=pvsync2\nuncached=1\nbs=64k\nsize=4m\nfilename=" + mnt
                    + "/uncached.dat\n[w]\nrw=write\n[r]\nstonewall\nrw=read\n", "normal", false);
            assertEquals(0, ok.rc, ok.err());
            assertEquals(4L << 20, ok.run.jobs().get(0).stats().ioBytes[1]);
            assertEquals(4L << 20, ok.run.jobs().get(1).stats().ioBytes[0]);
        }
    }

    @Test
    void uncachedOnABlockDeviceFailsClearly() throws Exception {
        LoopDevice.assumeAvailable();
        try (LoopDevice raw = LoopDevice.create(16L << 20, false)) {
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
    }

    @Test
    void ctrlCStopsTheRunAndTheJsonReportIsStillWritten() throws Exception {
        LoopDevice.assumeAvailable();
        try (LoopDevice dev = LoopDevice.create(16L << 20, false)) {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process p = new ProcessBuilder(java, "-Djnr.ffi.x86asm.enabled=false", "-cp",
                    System.getProperty("java.class.path"), "io.jfio.runner.cli.Main", "--output-format=json",
                    "--name=long", "--filename=" + dev.device(), "--rw=randread", "--time_based", "--runtime=60")
                    .redirectError(ProcessBuilder.Redirect.PIPE).start();
            // Signal once the job is doing I/O (the device's read count moves), plus a second: a
            // fixed sleep would race the JVM's start-up on a loaded machine.
            Path stat = Path.of("/sys/block/" + Path.of(dev.device()).getFileName() + "/stat");
            long reads0 = readsOf(stat);
            long giveUp = System.nanoTime() + 60_000_000_000L;
            while (readsOf(stat) == reads0 && p.isAlive() && System.nanoTime() < giveUp) {
                Thread.sleep(50);
            }
            Thread.sleep(1000);
            long t0 = System.nanoTime();
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "jfio exited after SIGINT");
            long ms = (System.nanoTime() - t0) / 1_000_000L;
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            System.out.printf("SIGINT: exited %d ms after the signal, status %d%n", ms, p.exitValue());
            assertEquals(0, p.exitValue(), err);
            assertTrue(err.contains("fio: terminating on signal 2"), err);
            JsonNode doc = JsonParser.parseDocument(out);
            List<JsonNode> jobs = doc.get("jobs").elements();
            assertEquals(1, jobs.size());
            long ios = jobs.get(0).get("read").getLong("total_ios");
            long runtime = jobs.get(0).get("read").getLong("runtime");
            assertTrue(ios > 0, "I/O done before the signal is reported");
            // Stopped by the signal, well before its 60 s runtime.
            assertTrue(runtime > 0 && runtime < 50_000, "runtime " + runtime);
        }
    }

    private static long readsOf(Path stat) throws java.io.IOException {
        return Long.parseLong(java.nio.file.Files.readString(stat).trim().split("\\s+")[0]);
    }
}
