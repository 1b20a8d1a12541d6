package io.jfio.runner;

import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import io.jfio.jobfile.MachineInfo;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The same size-based jobs run by the installed fio and by jfio on one loop device: their JSON
 * must agree on total_ios and io_bytes per direction (exactly for fixed block sizes, within 1%
 * for rw mixes and bssplit).
 */
@Timeout(180)
@ExtendWith(LoopDevices.class)
class FioDifferentialRunIT {
    private static final Path FIO = Path.of("/usr/bin/fio");

    /** name, exact?, options. */
    private static final String[][] JOBS = {
        {"seqread", "1", "rw=read\nbs=4k\nsize=8m"},
        {"seqwrite", "1", "rw=write\nbs=64k\nsize=8m"},
        {"randread", "1", "rw=randread\nbs=4k\nsize=8m"},
        {"randwrite", "1", "rw=randwrite\nbs=16k\nsize=8m"},
        {"randread-norandommap", "1", "rw=randread\nbs=4k\nsize=8m\nnorandommap"},
        {"randwrite-norandommap", "1", "rw=randwrite\nbs=8k\nsize=8m\nnorandommap"},
        {"write-clones", "1", "rw=write\nbs=32k\nsize=4m\nnumjobs=2\noffset_increment=8m"},
        {"randread-clones", "1", "rw=randread\nbs=4k\nsize=4m\nnumjobs=3\noffset_increment=4m"},
        {"offset-read", "1", "rw=read\nbs=8k\nsize=4m\noffset=16m\nio_size=2m"},
        {"rwmix", "0", "rw=rw\nrwmixread=70\nbs=4k\nsize=8m"},
        {"randrw", "0", "rw=randrw\nrwmixread=30\nbs=4k\nsize=8m"},
        {"bssplit", "0", "rw=randread\nbssplit=4k/50:64k/50\nsize=16m"},
        {"libaio-randread", "1", "ioengine=libaio\niodepth=8\ndirect=1\nrw=randread\nbs=4k\nsize=8m"},
        {"uring-randwrite", "1", "ioengine=io_uring\niodepth=16\ndirect=1\nrw=randwrite\nbs=16k\nsize=8m"},
        {"fsync-write", "1", "rw=write\nbs=4k\nsize=1m\nfsync=8"},
    };

    @Test
    void sizeBasedJobsMoveWhatFioMoves(@Loop(mib = 64) LoopDevice dev) throws Exception {
        assumeTrue(Files.isExecutable(FIO), "skipped: /usr/bin/fio is not installed");
        StringBuilder job = new StringBuilder("[global]\nioengine=psync\nfilename=" + dev.device() + "\n");
        for (int i = 0; i < JOBS.length; i++) {
            job.append('[').append(JOBS[i][0]).append("]\n");
            if (i > 0) {
                job.append("stonewall\n");
            }
            job.append(JOBS[i][2]).append('\n');
        }
        Path file = Files.createTempFile("jfio-diff-", ".fio");
        try {
            Files.writeString(file, job);
            JsonNode fio = JsonParser.parseDocument(runFio(file));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            System.setProperty("jfio.seeding", "3.33");
            int rc;
            try {
                rc = Main.run(new String[] {"--output-format=json", file.toString()}, new PrintStream(out, true),
                        new PrintStream(err, true), System.getenv(), MachineInfo.current());
            } finally {
                System.clearProperty("jfio.seeding");
            }
            assertEquals(0, rc, err.toString());
            JsonNode jfio = JsonParser.parseDocument(out.toString());
            compare(fio, jfio);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** The submit/commit/reap loop against fio's with the (deterministic) null engine: same depth tables. */
    @Test
    void batchingGivesFiosIoDepthDistributions() throws Exception {
        assumeTrue(Files.isExecutable(FIO), "skipped: /usr/bin/fio is not installed");
        String[] variants = {
            "iodepth=8\niodepth_batch_submit=4",
            "iodepth=16\niodepth_batch_submit=8\niodepth_batch_complete_min=4\niodepth_batch_complete_max=8",
            "iodepth=32\niodepth_low=8\niodepth_batch_submit=32\niodepth_batch_complete_max=32",
            "iodepth=4\niodepth_batch_complete_min=0",
        };
        StringBuilder job = new StringBuilder("[global]\nioengine=null\nrw=randread\nbs=4k\nsize=64m\nnorandommap\n");
        for (int i = 0; i < variants.length; i++) {
            job.append("[v").append(i).append("]\n").append(i > 0 ? "stonewall\n" : "").append(variants[i]).append('\n');
        }
        Path file = Files.createTempFile("jfio-batch-", ".fio");
        try {
            Files.writeString(file, job.toString().replace("\\n", "\n"));
            JsonNode fio = JsonParser.parseDocument(runFio(file));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            assertEquals(0, Main.run(new String[] {"--output-format=json", file.toString()}, new PrintStream(out, true),
                    new PrintStream(err, true), System.getenv(), MachineInfo.current()), err.toString());
            JsonNode jfio = JsonParser.parseDocument(out.toString());
            for (int i = 0; i < variants.length; i++) {
                JsonNode a = fio.get("jobs").elements().get(i);
                JsonNode b = jfio.get("jobs").elements().get(i);
                for (String table : new String[] {"iodepth_level", "iodepth_submit", "iodepth_complete"}) {
                    assertEquals(text(a.get(table)), text(b.get(table)), variants[i] + " " + table);
                }
                assertEquals(a.get("read").getLong("total_ios"), b.get("read").getLong("total_ios"));
                System.out.println(variants[i].replace('\n', ' ') + ": submit " + text(b.get("iodepth_submit"))
                        + " complete " + text(b.get("iodepth_complete")));
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static String text(JsonNode table) {
        StringBuilder b = new StringBuilder();
        for (JsonNode.Member m : table.members()) {
            b.append(m.key()).append('=').append(m.value().asDouble()).append(' ');
        }
        return b.toString().trim();
    }

    private static void compare(JsonNode fio, JsonNode jfio) {
        List<JsonNode> a = fio.get("jobs").elements();
        List<JsonNode> b = jfio.get("jobs").elements();
        assertEquals(a.size(), b.size(), "number of jobs");
        StringBuilder report = new StringBuilder();
        for (int i = 0; i < a.size(); i++) {
            String name = a.get(i).getString("jobname");
            assertEquals(name, b.get(i).getString("jobname"));
            boolean exact = false;
            for (String[] j : JOBS) {
                if (j[0].equals(name)) {
                    exact = j[1].equals("1");
                }
            }
            for (String dir : new String[] {"read", "write"}) {
                long fi = a.get(i).get(dir).getLong("total_ios");
                long ji = b.get(i).get(dir).getLong("total_ios");
                long fb = a.get(i).get(dir).getLong("io_bytes");
                long jb = b.get(i).get(dir).getLong("io_bytes");
                report.append(String.format("%-22s %-5s fio ios=%6d bytes=%9d  jfio ios=%6d bytes=%9d%n", name, dir, fi,
                        fb, ji, jb));
                if (exact) {
                    assertEquals(fi, ji, name + " " + dir + " total_ios");
                    assertEquals(fb, jb, name + " " + dir + " io_bytes");
                } else {
                    assertTrue(Math.abs(fi - ji) <= Math.max(1, fi / 100), name + " " + dir + " total_ios " + fi + " vs " + ji);
                    assertTrue(Math.abs(fb - jb) <= Math.max(1, fb / 100), name + " " + dir + " io_bytes " + fb + " vs " + jb);
                }
            }
        }
        for (int i = 0; i < a.size(); i++) {
            JsonNode fs = a.get(i).get("sync");
            JsonNode js = b.get(i).get("sync");
            if (fs != null && fs.has("total_ios") && (fs.getLong("total_ios") > 0 || js.getLong("total_ios") > 0)) {
                assertEquals(fs.getLong("total_ios"), js.getLong("total_ios"), a.get(i).getString("jobname") + " sync ios");
                report.append(String.format("%-22s sync  fio ios=%6d  jfio ios=%6d%n", a.get(i).getString("jobname"),
                        fs.getLong("total_ios"), js.getLong("total_ios")));
            }
        }
        System.out.print(report);
    }

    private static String runFio(Path file) throws Exception {
        Process p = new ProcessBuilder(FIO.toString(), "--output-format=json", file.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "fio finished");
        assertEquals(0, p.exitValue(), "fio exit status");
        return new String(out);
    }
}
