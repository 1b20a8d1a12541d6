package io.jfio.engine.asynctest;

import io.jfio.testsupport.Allocation;
import io.jfio.engine.EngineException;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.aio.LibaioEngine;
import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import io.jfio.engine.uring.IoUringEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(LoopDevices.class)
class UncachedAndAllocationIT {
    static final int BS = 4096;

    private static Path file(Path dir, long size) throws IOException {
        Path p = dir.resolve("jfio-engines-async-" + ProcessHandle.current().pid() + ".dat");
        try (RandomAccessFile raf = new RandomAccessFile(p.toFile(), "rw")) {
            raf.setLength(size);
        }
        return p;
    }

    @Test
    void uncachedWorksOnExt4(@Loop(mib = 64, directIo = true) LoopDevice loop) throws Exception {
        Path mnt = loop.mountExt4();
        Path p = file(mnt, 8L << 20);
        IoFile f = new IoFile(p.toString(), 0);
        for (String spec : new String[] {"io_uring", "libaio"}) {
            long seed = spec.hashCode();
            IoEngine w = AsyncEnginesIT.engine(spec);
            JobDriver dw = JobDriver.open(w, 8, BS, false, Map.of("uncached", "1"), f);
            try {
                JobDriver.Result r = dw.run(w, IoDirection.WRITE, 512, 2L << 20, 4, seed, 128);
                assertEquals(0, r.errors, spec + " uncached write on ext4: errno " + r.firstErrno);
            } finally {
                JobDriver.close(w, f);
            }
            IoEngine rd = AsyncEnginesIT.engine(spec);
            JobDriver dr = JobDriver.open(rd, 8, BS, false, Map.of("uncached", "1"), f);
            try {
                JobDriver.Result r = dr.run(rd, IoDirection.READ, 512, 2L << 20, 4, seed, 0);
                assertEquals(0, r.errors, spec + " uncached read on ext4: errno " + r.firstErrno);
                assertEquals(0, r.verifyFailures);
            } finally {
                JobDriver.close(rd, f);
            }
        }
        Files.delete(p);

    }

    @Test
    void uncachedFailsWith95OnABlockDevice(@Loop(mib = 16, directIo = true) LoopDevice loop) throws Exception {
        IoFile f = new IoFile(loop.device(), 0);
        for (String spec : new String[] {"io_uring", "libaio"}) {
            IoEngine e = AsyncEnginesIT.engine(spec);
            JobDriver d = JobDriver.open(e, 4, BS, false, Map.of("uncached", "1"), f);
            try {
                if (spec.equals("libaio")) {
                    // io_submit itself refuses the flag: the commit fails, as fio's libaio commit does
                    EngineException x = assertThrows(EngineException.class,
                        () -> d.run(e, IoDirection.READ, 8, 1L << 20, 4, 0, 0));
                    assertEquals(95, x.errno(), spec);
                    assertEquals("io commit", x.function(), spec);
                } else {
                    // io_uring takes the SQE and completes each unit with -EOPNOTSUPP
                    JobDriver.Result r = d.run(e, IoDirection.READ, 8, 1L << 20, 4, 0, 0);
                    assertEquals(8, r.errors, spec + ": RWF_DONTCACHE on a block device must fail");
                    assertEquals(95, r.firstErrno, spec);
                }
            } finally {
                JobDriver.close(e, f);
            }
        }

    }

    private static long allocatedDuring(IoEngine e, JobDriver d, long ios, long span) throws EngineException {
        d.run(e, IoDirection.READ, 50_000, span, 8, 0, 0); // warm-up: let the JIT settle
        long before = Allocation.threadBytes();
        JobDriver.Result r = d.run(e, IoDirection.READ, ios, span, 8, 0, 0);
        long allocated = Allocation.threadBytes() - before;
        assertEquals(0, r.errors, "errno " + r.firstErrno);
        assertEquals(ios, r.ios);
        return allocated;
    }

    @Test
    void millionIoUringIosAllocateAlmostNothing() throws Exception {
        Path p = file(Path.of("/dev/shm"), 4L << 20);
        try {
            for (String spec : new String[] {"io_uring", "io_uring:fixedbufs+registerfiles"}) {
                IoFile f = new IoFile(p.toString(), 0);
                IoEngine e = AsyncEnginesIT.engine(spec);
                JobDriver d = JobDriver.open(e, 32, BS, false, AsyncEnginesIT.options(spec), f);
                try {
                    long bytes = allocatedDuring(e, d, 1_000_000, 4L << 20);
                    System.out.println(spec + ": 1,000,000 buffered 4k reads (QD32, batch 8) allocated " + bytes + " bytes");
                    assertTrue(bytes < 16 * 1024, spec + " allocated " + bytes + " bytes for 1M I/Os");
                } finally {
                    JobDriver.close(e, f);
                }
            }
            IoFile f = new IoFile(p.toString(), 0);
            IoEngine e = new LibaioEngine();
            JobDriver d = JobDriver.open(e, 32, BS, false, Map.of(), f);
            try {
                long bytes = allocatedDuring(e, d, 200_000, 4L << 20);
                System.out.println("libaio: 200,000 buffered 4k reads allocated " + bytes + " bytes");
                assertTrue(bytes < 16 * 1024, "libaio allocated " + bytes + " bytes for 200k I/Os");
            } finally {
                JobDriver.close(e, f);
            }
        } finally {
            Files.deleteIfExists(p);
        }
    }

    @Test
    void libaioResubmitsWhatIoSubmitDidNotTake() throws Exception {
        // Buffered aio on tmpfs completes inside io_submit, so a 1-event context's ring (127
        // slots here) fills up and io_submit accepts only part of a 256-deep batch, or says EAGAIN.
        Path p = file(Path.of("/dev/shm"), 4L << 20);
        try {
            long seed = 99;
            for (IoDirection d : new IoDirection[] {IoDirection.WRITE, IoDirection.READ}) {
                IoFile f = new IoFile(p.toString(), 0);
                LibaioEngine e = new LibaioEngine(1);
                JobDriver drv = JobDriver.open(e, 256, BS, false, Map.of(), f);
                try {
                    JobDriver.Result r = drv.run(e, d, 4096, 4L << 20, 256, seed, 0);
                    assertEquals(0, r.errors, "errno " + r.firstErrno);
                    assertEquals(0, r.verifyFailures);
                    assertEquals(4096, r.ios);
                    assertTrue(e.shortSubmits() > 0, "io_submit never fell short: the test proves nothing");
                    System.out.println("libaio, 1-event context, QD256 " + d + ": " + e.shortSubmits() + " short io_submits");
                } finally {
                    JobDriver.close(e, f);
                }
            }
        } finally {
            Files.deleteIfExists(p);
        }
    }
}
