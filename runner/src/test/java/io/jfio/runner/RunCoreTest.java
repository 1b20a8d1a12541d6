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

    /** Every third I/O transfers only half: the runner must reissue the rest, as fio does. */
    static final class HalfEveryThird implements io.jfio.engine.IoEngine {
        final MiniPsync inner = new MiniPsync();
        int n;
        final java.util.List<long[]> done = new java.util.ArrayList<>();

        @Override
        public String name() {
            return "half";
        }

        @Override
        public java.util.Set<io.jfio.engine.EngineFlag> flags() {
            return inner.flags();
        }

        @Override
        public void init(io.jfio.engine.EngineContext ctx) {
        }

        @Override
        public void openFile(io.jfio.engine.IoFile f, int flags) throws io.jfio.engine.EngineException {
            inner.openFile(f, flags);
        }

        @Override
        public void closeFile(io.jfio.engine.IoFile f) {
            inner.closeFile(f);
        }

        @Override
        public io.jfio.engine.QueueStatus queue(io.jfio.engine.IoUnit u) {
            int len = u.length;
            boolean half = ++n % 3 == 0 && len >= 8192;
            if (half) {
                u.length = len / 2;
            }
            io.jfio.engine.QueueStatus s = inner.queue(u);
            u.length = len;
            done.add(new long[] {u.offset, u.result});
            return s;
        }

        @Override
        public void cleanup() {
        }
    }

    @Test
    void shortTransfersAreReissuedUntilDone() throws Exception {
        JobSpec w = Specs.job("short").set("rw", "write").set("bs", 16384).set("size", 1 << 20)
                .set("directory", dir.toString()).build();
        HalfEveryThird engine = new HalfEveryThird();
        Run run = new Run(request(List.of(w), "normal"), new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(new ByteArrayOutputStream(), true), spec -> engine,
                (spec, files) -> new SequentialSource(files, IoDirection.WRITE, 16384, false));
        assertEquals(0, run.execute());
        JobStats st = run.jobs().get(0).stats();
        assertEquals(1 << 20, st.ioBytes[1], "every byte written once");
        assertTrue(st.shortIoU[1] > 0);
        assertEquals(64 + st.shortIoU[1], st.totalIoU[1], "remainders count as issued I/Os, as in fio");
        assertEquals(64, st.clat[1].samples(), "one latency sample per I/O, at its final completion");
        // The bytes landed contiguously: every remainder started where its first half ended.
        long expect = 0;
        for (long[] d : engine.done) {
            assertEquals(expect, d[0]);
            expect += d[1];
        }
        assertEquals(1 << 20, expect);
    }

    @Test
    void writesThenReadsAFileWithLayoutMessage() throws Exception {
        JobSpec w = Specs.job("w").set("rw", "write").set("bs", 4096).set("size", 1 << 20)
                .set("directory", dir.toString()).build(0, 0, 0);
        JobSpec r = Specs.job("r").set("rw", "read").set("bs", 4096).set("size", 1 << 20)
                .set("directory", dir.toString()).set("filename", "w.0.0").set("stonewall", 1).build(1, 1, 0);
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
