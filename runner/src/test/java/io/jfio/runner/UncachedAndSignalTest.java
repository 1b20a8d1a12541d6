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
class UncachedAndSignalTest {
    @Test
    void uncachedWorksOnExt4AndFailsClearlyOnABlockDevice() throws Exception {
        LoopDevice.assumeAvailable();
        try (LoopDevice fs = LoopDevice.create(64L << 20, false); LoopDevice raw = LoopDevice.create(16L << 20, false)) {
            Path mnt = fs.mountExt4();
            Jobs.Result ok = Jobs.run("[global]\nioengine=pvsync2\nuncached=1\nbs=64k\nsize=4m\nfilename=" + mnt
                    + "/uncached.dat\n[w]\nrw=write\n[r]\nstonewall\nrw=read\n", "normal", false);
            assertEquals(0, ok.rc, ok.err());
            assertEquals(4L << 20, ok.run.jobs().get(0).stats().ioBytes[1]);
            assertEquals(4L << 20, ok.run.jobs().get(1).stats().ioBytes[0]);

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
            // Until the job thread runs (a loaded machine may take longer than the old fixed 3 s).
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < until && !hasJobThread(p.pid())) {
                Thread.sleep(20);
            }
            Thread.sleep(2000);
            long t0 = System.nanoTime();
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "jfio exited after SIGINT");
            long ms = (System.nanoTime() - t0) / 1_000_000L;
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            System.out.printf("SIGINT: exited %d ms after the signal, status %d%n", ms, p.exitValue());
            assertEquals(128, p.exitValue(), "fio's exit status after SIGINT\n" + err);
            assertTrue(err.contains("fio: terminating on signal 2"), err);
            JsonNode doc = JsonParser.parseDocument(out);
            List<JsonNode> jobs = doc.get("jobs").elements();
            assertEquals(1, jobs.size());
            long ios = jobs.get(0).get("read").getLong("total_ios");
            long runtime = jobs.get(0).get("read").getLong("runtime");
            assertTrue(ios > 0, "I/O done before the signal is reported");
            assertTrue(runtime > 1000 && runtime < 30000, "runtime " + runtime);
        }
    }

    private static boolean hasJobThread(long pid) {
        try (var tasks = java.nio.file.Files.list(Path.of("/proc/" + pid + "/task"))) {
            return tasks.anyMatch(t -> {
                try {
                    return java.nio.file.Files.readString(t.resolve("comm")).startsWith("jfio-");
                } catch (java.io.IOException e) {
                    return false;
                }
            });
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
