package io.jfio.runner;

import io.jfio.engine.IoDirection;
import io.jfio.jobfile.JobSpec;
import io.jfio.runner.job.Job;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.support.MiniPsync;
import io.jfio.runner.support.SequentialSource;
import io.jfio.runner.support.Specs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The runner core on regular files with a minimal engine and pattern (no other module's code). */
@Timeout(60)
class RunCoreTest {
    @TempDir
    Path dir;

    static RunRequest request(List<JobSpec> jobs, String format) {
        return new RunRequest(jobs, Set.of(format), 3, null, "never", 0, 0, false);
    }

    @Test
    void writesThenReadsAFileWithLayoutMessage() throws Exception {
        JobSpec w = Specs.job("w").set("rw", "write").set("bs", 4096).set("size", 1 << 20)
                .set("directory", dir.toString()).build(0, 0, 0);
        JobSpec r = Specs.job("r").set("rw", "read").set("bs", 4096).set("size", 1 << 20)
                .set("filename", "w.0.0").set("directory", dir.toString()).set("stonewall", 1).build(1, 1, 0);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Run run = new Run(request(List.of(w, r), "normal"), new PrintStream(out, true), new PrintStream(err, true),
                spec -> new MiniPsync(),
                (spec, files) -> new SequentialSource(files, spec.name().equals("w") ? IoDirection.WRITE : IoDirection.READ,
                        4096, false));
        int rc = run.execute();
        assertEquals(0, rc, err.toString());
        assertEquals(1 << 20, Files.size(dir.resolve("w.0.0")));
        JobStats ws = run.jobs().get(0).stats();
        JobStats rs = run.jobs().get(1).stats();
        assertEquals(256, ws.totalIoU[1]);
        assertEquals(1 << 20, ws.ioBytes[1]);
        assertEquals(256, rs.totalIoU[0]);
        assertEquals(1 << 20, rs.ioBytes[0]);
        assertEquals(256, ws.clat[1].samples());
        assertEquals(256, ws.depthMap[0]);
        assertEquals(256, ws.submitMap[1]);
        String o = out.toString();
        assertTrue(o.contains("w: Laying out IO file (1 file / 1MiB)"), o);
        // The reader's file already exists at full size: no layout for it.
        assertTrue(!o.contains("r: Laying out"), o);
        Job wj = run.jobs().get(0);
        assertTrue(wj.endNanos() <= run.jobs().get(1).startNanos(), "stonewall: reader started after writer ended");
    }
}
