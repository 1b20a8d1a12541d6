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

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * serialize_overlap on the null engine at iodepth=8 over four 4 KiB blocks (norandommap random
 * writes: eight in flight over four blocks must overlap): a probe engine counts every unit handed
 * to it whose range overlaps one it holds. With serialize_overlap=1 there are none and the job
 * still does all its I/Os; without, there are; on a read-only job fio's fixup switches it off.
 */
@Timeout(60)
class SerializeOverlapTest {
    static final class Probe extends ForwardingEngine {
        final List<IoUnit> held = new ArrayList<>();
        int overlaps;
        int queued;

        Probe(IoEngine inner) {
            super(inner);
        }

        @Override
        public QueueStatus queue(IoUnit u) {
            for (IoUnit o : held) {
                if (u.offset < o.offset + o.length && o.offset < u.offset + u.length) {
                    overlaps++;
                    break;
                }
            }
            QueueStatus s = inner.queue(u);
            if (s == QueueStatus.QUEUED) {
                held.add(u);
                queued++;
            }
            return s;
        }

        @Override
        public IoUnit event(int i) {
            IoUnit u = inner.event(i);
            held.remove(u);
            return u;
        }

    }

    private Probe run(String rw, String serialize) {
        Probe[] p = new Probe[1];
        EngineProvider real = Run.defaultEngines();
        EngineProvider probe = spec -> p[0] = new Probe(real.create(spec));
        String job = "[o]\nioengine=null\nrw=" + rw + "\nbs=4k\nsize=16k\nnorandommap\niodepth=8\nio_size=1600k\n"
                + "serialize_overlap=" + serialize + "\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Run r = new Run(new RunRequest(Jobs.parse(job), Set.of("normal"), 3, null, "never", 0, 0, false),
                new PrintStream(out, true), new PrintStream(err, true), probe, PatternSource.FACTORY);
        assertEquals(0, r.execute(), err.toString());
        assertTrue(!err.toString().contains("serialize_overlap"), "no warning: " + err);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("issued rwts: total=(\\d+),(\\d+)")
                .matcher(out.toString());
        assertTrue(m.find(), out.toString());
        long ios = Long.parseLong(m.group(rw.contains("read") ? 1 : 2));
        assertEquals(400, ios, "every I/O is done: " + out);
        return p[0];
    }

    @Test
    void noOverlappingIoInFlight() {
        Probe p = run("randwrite", "1");
        assertTrue(p.queued > 0, "the null engine queued (it is asynchronous at iodepth 8)");
        assertEquals(0, p.overlaps);
    }

    @Test
    void writesOverlapWithoutIt() {
        assertTrue(run("randwrite", "0").overlaps > 0);
    }

    @Test
    void readOnlyJobsOverlapEvenWithIt() {
        assertTrue(run("randread", "1").overlaps > 0, "fio's fixup turns serialize_overlap off for reads");
    }
}
