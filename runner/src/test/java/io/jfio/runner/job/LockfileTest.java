package io.jfio.runner.job;

import io.jfio.engine.IoEngine;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.runner.Run;
import io.jfio.runner.RunRequest;
import io.jfio.runner.support.ForwardingEngine;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * lockfile with four clones of one job on one file (psync underneath a probe that counts how many
 * threads are inside the engine's queue() at once, and inside waits for a second one to come):
 * exclusive lets one in at a time, as fio's lock around td_io_prep..td_io_queue; none and
 * readwrite (which fio's lock_file skips: only exclusive makes a lock) let them in together.
 */
@Timeout(120)
class LockfileTest {
    @TempDir
    Path dir;

    /** Delegates to psync; inside queue() waits up to {@code waitMs} for another thread to enter. */
    static final class Probe extends ForwardingEngine {
        final AtomicInteger inside;
        final AtomicInteger max;
        final long waitMs;

        Probe(IoEngine inner, AtomicInteger inside, AtomicInteger max, long waitMs) {
            super(inner);
            this.inside = inside;
            this.max = max;
            this.waitMs = waitMs;
        }

        @Override
        public QueueStatus queue(IoUnit u) {
            int n = inside.incrementAndGet();
            max.accumulateAndGet(n, Math::max);
            long end = System.nanoTime() + waitMs * 1_000_000L;
            while (inside.get() < 2 && max.get() < 2 && System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            max.accumulateAndGet(inside.get(), Math::max);
            try {
                return inner.queue(u);
            } finally {
                inside.decrementAndGet();
            }
        }

    }

    private int maxInside(String lockfile, long waitMs) {
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger max = new AtomicInteger();
        EngineProvider real = Run.defaultEngines();
        EngineProvider probe = spec -> new Probe(real.create(spec), inside, max, waitMs);
        String job = "[l]\nfilename=" + dir.resolve("shared.dat") + "\nrw=randwrite\nbs=4k\nsize=64k\nnumber_ios=8\n"
                + "numjobs=4\nthread\nlockfile=" + lockfile + "\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Run run = new Run(new RunRequest(Jobs.parse(job), Set.of("terse"), 3, null, "never", 0, 0, false),
                new PrintStream(out, true), new PrintStream(err, true), probe, PatternSource.FACTORY);
        assertEquals(0, run.execute(), err.toString());
        assertTrue(!err.toString().contains("lockfile"), "no warning for lockfile: " + err);
        return max.get();
    }

    @Test
    void exclusiveLetsOneCloneAtATimeIntoTheEngine() {
        // every I/O waits 20 ms for a second thread that the lock keeps out
        assertEquals(1, maxInside("exclusive", 20));
    }

    @Test
    void noneLetsClonesInTogether() {
        // each I/O waits (up to 10 s) for another clone to come in: the four clones meet there
        assertEquals(2, Math.min(2, maxInside("none", 10_000)));
    }

    @Test
    void readwriteLetsClonesInTogether() {
        assertEquals(2, Math.min(2, maxInside("readwrite", 10_000)));
    }
}
