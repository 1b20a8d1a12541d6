package io.jfio.engine.aio;

import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.asynctest.JobDriver;
import io.jfio.engine.nativeio.IoPriority;
import io.jfio.engine.uring.UringSqeView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bytes libaio and io_uring hand the kernel for per-I/O priorities (fio's cmdprio): the iocb's
 * aio_reqprio with IOCB_FLAG_IOPRIO in aio_flags, the SQE's ioprio; and that the kernel takes them
 * (the writes complete). Best-effort class, so no privilege is needed.
 */
class CmdprioSubmissionTest {
    private static final int BE_3 = IoPriority.value(2, 3, 0);

    private static List<IoUnit> queueWrites(IoEngine e, IoFile f, JobDriver d) {
        List<IoUnit> units = d.ioUnits();
        for (IoUnit u : units) {
            u.file = f;
            u.ddir = IoDirection.WRITE;
            u.offset = 4096L * u.index;
            u.length = 4096;
            assertEquals(QueueStatus.QUEUED, e.queue(u));
        }
        return units;
    }

    private static void reap(IoEngine e, List<IoUnit> units) throws Exception {
        assertEquals(units.size(), e.commit());
        int reaped = 0;
        while (reaped < units.size()) {
            reaped += e.getEvents(1, units.size() - reaped, -1);
        }
        for (IoUnit u : units) {
            assertEquals(4096, u.result, "unit " + u.index + " completed");
        }
    }

    @Test
    void libaioMarksEveryChosenIocbWithThePriority(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("f"), new byte[64 * 1024]);
        LibaioEngine e = new LibaioEngine();
        IoFile f = new IoFile(file.toString(), 0);
        JobDriver d = JobDriver.open(e, 4, 4096, false,
            Map.of("cmdprio_percentage", "100", "cmdprio_class", "2", "cmdprio", "3"), f);
        try {
            assertArrayEquals(new int[] {0, BE_3}, e.clatPrios(1));
            List<IoUnit> units = queueWrites(e, f, d);
            for (IoUnit u : units) {
                ByteBuffer iocb = e.iocb(u.index);
                assertEquals(BE_3, iocb.getShort(18) & 0xffff, "aio_reqprio");
                assertEquals(LibaioEngine.IOCB_FLAG_IOPRIO, iocb.getInt(56), "aio_flags");
                assertEquals(1, u.clatPrioIndex);
            }
            reap(e, units);
        } finally {
            JobDriver.close(e, f);
        }
    }

    @Test
    void libaioLeavesUnchosenIocbsWithoutPriority(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("f"), new byte[64 * 1024]);
        LibaioEngine e = new LibaioEngine();
        IoFile f = new IoFile(file.toString(), 0);
        // cmdprio_percentage for reads only ("r,w"): this write-only job sets none.
        JobDriver d = JobDriver.open(e, 4, 4096, false, Map.of("cmdprio_percentage", "100,0"), f);
        try {
            assertEquals(null, e.clatPrios(1));
            List<IoUnit> units = queueWrites(e, f, d);
            for (IoUnit u : units) {
                assertEquals(0, e.iocb(u.index).getShort(18));
                assertEquals(0, e.iocb(u.index).getInt(56));
                assertEquals(0, u.clatPrioIndex);
            }
            reap(e, units);
        } finally {
            JobDriver.close(e, f);
        }
    }

    @Test
    void ioUringPutsThePriorityInTheSqe(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("f"), new byte[64 * 1024]);
        io.jfio.engine.uring.IoUringEngine e = new io.jfio.engine.uring.IoUringEngine();
        IoFile f = new IoFile(file.toString(), 0);
        JobDriver d = JobDriver.open(e, 4, 4096, false,
            Map.of("cmdprio_bssplit", "4k/100/2/3"), f);
        try {
            assertArrayEquals(new int[] {0, BE_3}, e.clatPrios(1));
            List<IoUnit> units = queueWrites(e, f, d);
            for (int i = 0; i < units.size(); i++) {
                assertEquals(BE_3, UringSqeView.ioprio(e, i), "sqe " + i + " ioprio");
                assertEquals(1, units.get(i).clatPrioIndex);
            }
            assertTrue(units.size() > 0);
            reap(e, units);
        } finally {
            JobDriver.close(e, f);
        }
    }
}
