package io.jfio.runner.zbd;

import io.jfio.engine.IoFile;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.options.ThreadOptions;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The zone state machine of zonemode=zbd on emulated zones, driven I/O by I/O. */
class ZbdJobTest {
    private static final long K = 1024;
    private static final long M = K * K;
    private static final int READ = 0;
    private static final int WRITE = 1;

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    private static ThreadOptions options(String extra) throws Exception {
        JobFileParser p = new JobFileParser(JobFileParser.Settings.defaults());
        p.parseContent("zbd.fio", "[j]\nzonemode=zbd\nzonesize=1M\nbs=64k\nsize=4M\n" + extra.replace(' ', '\n') + "\n");
        return ThreadOptions.of(p.finish().jobs().get(0));
    }

    private static IoFile file(String name) {
        IoFile f = new IoFile("/dev/shm/w4zbd-unit-" + name, 0);
        f.realSize = 4 * M;
        f.ioSize = 4 * M;
        return f;
    }

    /** The set-up fio's setup_files does, then the job's zone state. */
    private ZbdJob job(ThreadOptions o, ZonedFiles run, IoFile f) throws ZbdException {
        ZbdSetup.init(o, run, List.of(f), new long[] {f.realSize});
        ZbdSetup.setup(o, List.of(f), new PrintStream(log, true));
        boolean random = o.io().rw().random();
        return ZbdJob.of(o, new IoFile[] {f}, new long[] {64 * K, 64 * K, 64 * K}, random, o.io().rw().writes(),
                o.io().rw().reads() && o.io().rw().writes());
    }

    /** One I/O as the offset generator asks for it: adjust, then queue with the final length. */
    private static long io(ZbdJob j, int ddir, long off, long len) {
        if (!j.adjust(0, ddir, off, len)) {
            return -1;
        }
        long at = j.offset;
        j.queued(0, ddir, at, j.length);
        return at;
    }

    @Test
    void writesGoToTheWritePointerAndAFullZoneIsResetBeforeItsNextWrite() throws Exception {
        ZonedFiles run = new ZonedFiles();
        IoFile f = file("a");
        ZbdJob j = job(options("rw=randwrite"), run, f);
        ZonedFile zf = ZonedFiles.of(f);
        assertEquals(4, zf.zoneCount());
        // random offsets inside zone 1 land at its write pointer, one after the other
        assertEquals(M, io(j, WRITE, M + 640 * K, 64 * K));
        assertEquals(M + 64 * K, io(j, WRITE, M + 128 * K, 64 * K));
        assertEquals(128 * K, zf.written(1));
        for (int i = 2; i < 16; i++) {
            io(j, WRITE, M + 5 * 64 * K, 64 * K);
        }
        assertEquals(M, zf.written(1));
        assertEquals(0, j.resets());
        // the zone is full: the next write resets it and starts at its start
        assertEquals(M, io(j, WRITE, M + 300 * K, 64 * K));
        assertEquals(1, j.resets());
        assertEquals(64 * K, zf.written(1));
    }

    @Test
    void maxOpenZonesSendsWritesToAZoneAlreadyOpen() throws Exception {
        ZonedFiles run = new ZonedFiles();
        IoFile f = file("b");
        ZbdJob j = job(options("rw=randwrite max_open_zones=1"), run, f);
        assertEquals(2 * M, io(j, WRITE, 2 * M + 64 * K, 64 * K));
        // zone 3 cannot be opened: the write goes on at zone 2's write pointer
        assertEquals(2 * M + 64 * K, io(j, WRITE, 3 * M + 64 * K, 64 * K));
        assertEquals(0, ZonedFiles.of(f).written(3));
    }

    @Test
    void readsStayBelowTheWritePointer() throws Exception {
        ZonedFiles run = new ZonedFiles();
        IoFile f = file("c");
        ZbdJob w = job(options("rw=write"), run, f);
        IoFile g = file("c");
        ZbdJob r = job(options("rw=randread"), run, g);
        // nothing written yet: no zone has data to read
        assertEquals(-1, io(r, READ, 0, 64 * K));
        for (int i = 0; i < 3; i++) {
            io(w, WRITE, i * 64 * K, 64 * K);
        }
        // a read drawn in an empty zone moves to the nearest zone with data, inside its written part
        long at = io(r, READ, 2 * M + 512 * K, 64 * K);
        assertTrue(at >= 0 && at + 64 * K <= 192 * K, "read at " + at);
        // read_beyond_wp leaves the offset as drawn
        ZbdJob beyond = job(options("rw=randread read_beyond_wp=1"), run, file("c"));
        assertEquals(2 * M + 512 * K, io(beyond, READ, 2 * M + 512 * K, 64 * K));
    }

    @Test
    void mixedJobsWriteFirst() throws Exception {
        ZbdJob j = job(options("rw=randrw"), new ZonedFiles(), file("d"));
        assertEquals(WRITE, j.adjustDirection(READ, false));
        assertEquals(READ, j.adjustDirection(READ, true));
        assertEquals(WRITE, j.adjustDirection(WRITE, false));
    }

    @Test
    void zoneCapacityEndsEachZonesWrites() throws Exception {
        ZonedFiles run = new ZonedFiles();
        IoFile f = file("e");
        ZbdJob j = job(options("rw=randwrite zonecapacity=96k"), run, f);
        assertEquals(0, io(j, WRITE, 0, 64 * K));
        // the 32k left before the capacity end are less than a block: the zone is finished, the write moves on
        assertEquals(M, io(j, WRITE, 32 * K, 64 * K));
        assertEquals(M, ZonedFiles.of(f).written(0));
    }

    @Test
    void writeZoneRemainderWritesTheTail() throws Exception {
        ZonedFiles run = new ZonedFiles();
        IoFile f = file("f");
        ZbdJob j = job(options("rw=randwrite zonecapacity=96k write_zone_remainder=1"), run, f);
        assertEquals(0, io(j, WRITE, 0, 64 * K));
        assertTrue(j.adjust(0, WRITE, 32 * K, 64 * K));
        assertEquals(64 * K, j.offset);
        assertEquals(32 * K, j.length);
        j.queued(0, WRITE, j.offset, j.length);
    }

    @Test
    void zoneResetFrequencyResetsZonesAboveTheThreshold() throws Exception {
        ZonedFiles run = new ZonedFiles();
        IoFile f = file("g");
        ZbdJob j = job(options("rw=randwrite zone_reset_threshold=0 zone_reset_frequency=1"), run, f);
        j.fileReset(0);
        assertEquals(0, io(j, WRITE, 0, 64 * K));
        // every write above the (zero) threshold resets its zone first
        assertEquals(0, io(j, WRITE, 0, 64 * K));
        assertEquals(1, j.resets());
    }

    @Test
    void aBlockLargerThanTheZoneEndsTheJobWithEinval() throws Exception {
        ZbdJob j = job(options("rw=write"), new ZonedFiles(), file("h"));
        assertFalse(j.adjust(0, WRITE, 0, 2 * M));
        assertEquals(22, j.errno());
        assertEquals("I/O buflen exceeds zone size", j.errorFunction());
    }

    @Test
    void setUpRefusesWhatFioRefuses() throws Exception {
        ZbdException small = assertThrows(ZbdException.class, () -> ZonedFile.emulate("x", 4 * M, 256, 0, 0));
        assertEquals("x: zone size must be at least 512 bytes for --zonemode=zbd\n", small.getMessage());
        ZbdException none = assertThrows(ZbdException.class, () -> ZonedFile.emulate("x", 0, M, 0, 0));
        assertEquals(22, none.errno());
        assertEquals("x: file/device size 0 is smaller than zone size 1048576", none.getMessage());
        assertThrows(ZbdException.class, () -> job(options("rw=write job_max_open_zones=2"), new ZonedFiles(),
                file("i")));
        assertThrows(ZbdException.class, () -> job(options("rw=write recover_zbd_write_error=1"), new ZonedFiles(),
                file("j")));
    }

    @Test
    void regionsAreRoundedToZones() throws Exception {
        IoFile f = file("k");
        f.fileOffset = 100 * K;
        f.ioSize = 3 * M;
        job(options("rw=write"), new ZonedFiles(), f);
        assertEquals(M, f.fileOffset);
        assertEquals(2 * M, f.ioSize);
        assertEquals("/dev/shm/w4zbd-unit-k: rounded up offset from 102400 to 1048576\n"
                + "/dev/shm/w4zbd-unit-k: rounded down io_size from 2199552 to 2097152\n",
                log.toString(StandardCharsets.UTF_8));
    }

    @Test
    void noZoneStateWithoutZbd() throws Exception {
        JobFileParser p = new JobFileParser(JobFileParser.Settings.defaults());
        p.parseContent("plain.fio", "[j]\nsize=4M\n");
        ThreadOptions o = ThreadOptions.of(p.finish().jobs().get(0));
        assertNull(ZbdJob.of(o, new IoFile[] {file("l")}, new long[] {4096, 4096, 4096}, false, false, false));
    }
}
