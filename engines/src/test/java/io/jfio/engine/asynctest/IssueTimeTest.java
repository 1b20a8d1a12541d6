package io.jfio.engine.asynctest;

import io.jfio.engine.EngineFlag;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.aio.LibaioEngine;
import io.jfio.engine.uring.IoUringEngine;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * libaio and io_uring stamp each unit's issue time when the kernel takes it (fio's
 * FIO_ASYNCIO_SETS_ISSUE_TIME engines), so the runner's loop trusts the flag and reads no clock.
 */
class IssueTimeTest {

    @ParameterizedTest
    @ValueSource(strings = {"libaio", "io_uring"})
    void commitStampsEverySubmittedUnit(String name, @TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("f"), new byte[64 * 1024]);
        IoEngine e = name.equals("libaio") ? new LibaioEngine() : new IoUringEngine();
        assertTrue(e.flags().contains(EngineFlag.SETS_ISSUE_TIME), name);
        IoFile f = new IoFile(file.toString(), 0);
        JobDriver d = JobDriver.open(e, 4, 4096, false, Map.of(), f);
        try {
            List<IoUnit> units = d.ioUnits();
            for (IoUnit u : units) {
                u.file = f;
                u.ddir = IoDirection.READ;
                u.offset = 4096L * u.index;
                u.length = 4096;
                u.issueTimeNanos = 0;
                assertEquals(QueueStatus.QUEUED, e.queue(u));
            }
            long before = System.nanoTime();
            assertEquals(units.size(), e.commit());
            long after = System.nanoTime();
            for (IoUnit u : units) {
                assertTrue(u.issueTimeNanos - before >= 0 && after - u.issueTimeNanos >= 0,
                        name + ": unit " + u.index + " issue time inside the commit call");
            }
            int reaped = 0;
            while (reaped < units.size()) {
                reaped += e.getEvents(1, units.size() - reaped, -1);
            }
        } finally {
            JobDriver.close(e, f);
        }
    }
}
