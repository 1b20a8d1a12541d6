package io.jfio.runner.zbd;

import io.jfio.engine.IoFile;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.jobfile.options.ZbdOptions;

/**
 * One job's side of zonemode=zbd (fio's zbd.c hooks of io_u.c): the direction of a mixed job's
 * first I/O, zone capacity and zoneskip for sequential offsets, and the adjustment of each I/O to
 * the zones: writes go to a write pointer of a zone the open-zone limits allow (resetting full
 * zones), reads stay below the write pointer. The write pointer moves as the write is issued;
 * a write that fills its zone takes the zone off the write targets only when it completes
 * ({@link #completed}), and where fio's zbd.c waits for the job's I/Os in flight (io_u_quiesce:
 * before a reset, a finish, or another look for a write target) this job waits too, so that at
 * iodepth &gt; 1 the zones are chosen as fio chooses them. One per job thread; allocation-free;
 * the shared zones change under their file's lock.
 */
public final class ZbdJob {
    private static final int READ = 0;
    private static final int WRITE = 1;
    private static final long UINT_MAX = 0xFFFFFFFFL;

    private final ZonedFile[] zf;
    private final IoFile[] files;
    private final int[] minZone;
    private final int[] maxZone;
    private final long[] minBs;
    private final boolean tdRandom;
    private final boolean tdWrite;
    private final boolean tdRw;
    private final boolean verify;
    private final boolean noWriteMix;
    private final ZbdOptions z;
    private final long zoneSkip;
    /** The zones an accepted I/O holds until {@link #queued}, or null. */
    private ZonedFile held;
    /** fio's td->num_write_zones. */
    private int numWriteZones;
    /** A trim adjust() let through, whose queued() prints fio's zbd_queue_io line. */
    private boolean trimQueued;
    /** fio's ts.nr_zone_resets. */
    private volatile long resets;
    /** Written since set-up: fio's io_hist_len, which keeps verify jobs from resetting their zones again. */
    private boolean wrote;

    /** The error an I/O ran into (fio's td_verror in zbd_adjust_block), 0 while none. */
    private int errno;
    private String errorFunction;

    /** The job's io_u_quiesce (completes every I/O in flight, calling {@link #completed}); set by its queue. */
    private Runnable quiesce = () -> { };
    /** Whether the job has I/O in flight (fio's td->io_u_in_flight). */
    private java.util.function.BooleanSupplier inFlight = () -> false;

    /** The adjusted I/O ({@link #adjust}). */
    public long offset;
    public long length;

    private ZbdJob(ThreadOptions o, IoFile[] files, long[] minBs, boolean tdRandom, boolean tdWrite, boolean tdRw) {
        this.files = files;
        this.zf = new ZonedFile[files.length];
        this.minZone = new int[files.length];
        this.maxZone = new int[files.length];
        this.minBs = minBs;
        this.tdRandom = tdRandom;
        this.tdWrite = tdWrite;
        this.tdRw = tdRw;
        String v = o.verify().verify;
        this.verify = v != null && !v.isEmpty() && !v.equals("0");
        this.noWriteMix = o.io().rwmixread() == 100;
        this.z = o.zone().zbd();
        this.zoneSkip = o.zone().zoneSkip();
        for (int i = 0; i < files.length; i++) {
            ZonedFile f = ZonedFiles.of(files[i]);
            zf[i] = f;
            f.lock.lock();
            try {
                minZone[i] = f.zoneIndex(files[i].fileOffset);
                maxZone[i] = f.zoneIndex(files[i].fileOffset + files[i].ioSize);
                ZbdDebug.validData(files[i].path, initValidData(i));
            } finally {
                f.lock.unlock();
            }
        }
    }

    /** The job's zone state, or null when its files were not set up with zonemode=zbd. */
    public static ZbdJob of(ThreadOptions o, IoFile[] files, long[] minBs, boolean tdRandom, boolean tdWrite,
                            boolean tdRw) {
        if (!o.zone().zbdMode() || files.length == 0 || ZonedFiles.of(files[0]) == null) {
            return null;
        }
        return new ZbdJob(o, files, minBs, tdRandom, tdWrite, tdRw);
    }

    /**
     * The job's I/O queue: {@code quiesce} completes everything in flight (fio's io_u_quiesce),
     * {@code inFlight} tells whether anything is. Called once, before the first I/O.
     */
    public void attach(Runnable quiesce, java.util.function.BooleanSupplier inFlight) {
        this.quiesce = quiesce;
        this.inFlight = inFlight;
    }

    /**
     * zbd_put_io at an I/O's completion (reaped, or done inside the engine's queue): a write that
     * reached its zone's capacity end takes the zone off the write targets. {@code reaped}: the
     * engine queued it (fio then prints its terminate line). {@code z} may be null.
     */
    public static void completed(ZbdJob z, io.jfio.engine.IoUnit u, boolean reaped) {
        if (z != null && u.file != null) {
            z.completed(u.ddir.ordinal(), u.file, u.offset, u.length, reaped);
        }
    }

    private void completed(int ddir, IoFile file, long off, long len, boolean reaped) {
        int fi = file.index;
        if (fi < 0 || fi >= files.length || files[fi] != file) {
            fi = 0;
            while (fi < files.length && files[fi] != file) {
                fi++;
            }
            if (fi == files.length) {
                return;
            }
        }
        if (ddir != WRITE && (ddir != READ || z.readBeyondWp())) {
            return; // only the I/Os zbd_adjust_block locked a zone for
        }
        ZonedFile f = zf[fi];
        f.lock.lock();
        try {
            int zi = f.zoneIndex(off);
            if (zi >= f.nrZones) {
                return;
            }
            if (reaped && ZbdDebug.on()) {
                ZbdDebug.line(f.name + ": terminate I/O (" + off + ", " + len + ") for zone " + zi);
            }
            if (ddir != WRITE) {
                return;
            }
            if (off + len >= f.zones[zi].capacityEnd() && f.writeZonePut(zi)) {
                numWriteZones--;
            }
        } finally {
            f.lock.unlock();
        }
    }

    /** Zones this job reset (the report's "N zone resets"). */
    public long resets() {
        return resets;
    }

    /** The errno of the I/O that ended the job (0: none); {@link #errorFunction()} names it as fio does. */
    public int errno() {
        return errno;
    }

    public String errorFunction() {
        return errorFunction;
    }

    private boolean fail(int e, String function) {
        if (errno == 0) {
            errno = e;
            errorFunction = function;
        }
        return false;
    }

    /** zbd_verify_and_set_vdb: with zone_reset_threshold, the data already in the write range. */
    private long initValidData(int fi) {
        ZonedFile f = zf[fi];
        if (z.resetThreshold() == 0 || !tdWrite || minZone[fi] >= maxZone[fi]) {
            return 0;
        }
        if (f.writeMinZone != f.writeMaxZone) {
            return 0; // another job set the range (fio refuses different ranges; equal ones share it)
        }
        f.writeMinZone = minZone[fi];
        f.writeMaxZone = maxZone[fi];
        long vdb = 0;
        for (int i = minZone[fi]; i < maxZone[fi]; i++) {
            vdb += f.zones[i].wp - f.zones[i].start;
        }
        f.validDataBytes = vdb;
        return vdb;
    }

    private boolean accountingVdb() {
        return z.resetThreshold() != 0 && tdWrite;
    }

    /** zbd_adjust_ddir: a mixed job's reads wait for a first write unless reads may pass the write pointer. */
    public int adjustDirection(int ddir, boolean wroteBefore) {
        if (ddir != READ || !tdRw) {
            return ddir;
        }
        if (wroteBefore || z.readBeyondWp() || noWriteMix) {
            return READ;
        }
        return WRITE;
    }

    /**
     * setup_zbd_zone_mode: a sequential write at a zone's capacity end moves to the next zone's
     * start; with zoneskip, a used-up zone is skipped. {@code pos} is fio's last_pos (absolute);
     * returns the new last_pos, or -1 - newFileOffset when zoneskip moved the file offset.
     */
    public long zoneMode(int fi, int ddir, long pos, long zoneBytes) {
        ZonedFile f = zf[fi];
        f.lock.lock();
        try {
            int zi = f.zoneIndex(pos);
            if (zi >= f.nrZones) {
                // At the end of the file fio takes the sentinel zone (capacity 0) for a zone at its
                // capacity limit and jumps to the start of the zone after it, past the end of its
                // array: memory of its zeroed shared pool, so a sequential write goes on at offset 0
                // (a region that starts later then ends, as get_next_seq_offset finds it below).
                if (!tdRandom && ddir == WRITE) {
                    ZbdDebug.jump(f.name, pos, 0, zi, 0);
                    return tdRandom || zoneSkip == 0 ? 0 : -2;
                }
                return pos;
            }
            Zone zn = f.zones[zi];
            if (zn.capacity < f.zoneSize && !tdRandom && ddir == WRITE && pos >= zn.capacityEnd()) {
                ZbdDebug.jump(f.name, pos, f.zones[zi + 1].start, zi, zn.capacity);
                pos = f.zones[zi + 1].start;
                zi = f.zoneIndex(pos);
                if (zi >= f.nrZones) {
                    return pos;
                }
                zn = f.zones[zi];
            }
            if (tdRandom || zoneSkip == 0) {
                return pos;
            }
            if (zoneBytes >= f.zoneSize || pos >= f.zones[zi + 1].start
                    || (ddir == READ && !z.readBeyondWp() && pos >= zn.wp)) {
                return -2; // the caller moves its file offset by zonesize + zoneskip
            }
            return pos;
        } finally {
            f.lock.unlock();
        }
    }

    /** fio_file_reset's zbd_file_reset: verify jobs empty their zones before writing; the reset counter restarts. */
    public void fileReset(int fi) {
        if (!tdWrite) {
            return;
        }
        ZonedFile f = zf[fi];
        f.lock.lock();
        try {
            if (verify && !wrote) {
                if (ZbdDebug.on()) {
                    ZbdDebug.line(f.name + ": examining zones " + minZone[fi] + " .. " + maxZone[fi]);
                }
                for (int i = minZone[fi]; i < maxZone[fi]; i++) {
                    if (f.zones[i].wp != f.zones[i].start) {
                        if (ZbdDebug.on()) {
                            ZbdDebug.line(f.name + ": resetting zone " + i);
                        }
                        reset(f, i);
                        if (f.writeZonePut(i)) {
                            numWriteZones--;
                        }
                    }
                }
            }
            resetWriteCnt(f);
        } finally {
            f.lock.unlock();
        }
    }

    private void resetWriteCnt(ZonedFile f) {
        double zrf = z.resetFrequency();
        f.writeCnt = zrf != 0 ? (long) Math.min(1.0 / zrf, (double) UINT_MAX) : UINT_MAX;
    }

    /**
     * zbd_adjust_block (plus zbd_queue_io for a write): fits the I/O of file {@code fi} at
     * {@code off}, {@code len} to the zones into {@link #offset} and {@link #length}; false when
     * no zone can take it (fio's io_u_eof: the file is done).
     */
    public boolean adjust(int fi, int ddir, long off, long len) {
        ZonedFile f = zf[fi];
        offset = off;
        length = len;
        if (ddir == READ && z.readBeyondWp()) {
            return true;
        }
        if (ddir != READ && ddir != WRITE) {
            trimQueued = ZbdDebug.on(); // fio's zbd_queue_io runs for a trim too: its line only
            return true;
        }
        // held until queued(): fio keeps the zone locked from zbd_adjust_block to zbd_queue_io
        f.lock.lock();
        boolean ok = ddir == READ ? adjustRead(fi, f, off, len) : adjustWrite(fi, f, len);
        if (ok) {
            held = f;
        } else {
            f.lock.unlock();
        }
        return ok;
    }

    /**
     * zbd_queue_io for an I/O {@link #adjust} accepted, with its final length (the random map may
     * have shortened it): a write moves the write pointer. Its zone leaves the write targets when
     * the write completes ({@link #completed}).
     */
    public void queued(int fi, int ddir, long off, long len) {
        ZonedFile f = held;
        if (f == null) {
            if (trimQueued) {
                trimQueued = false;
                ZbdDebug.queued(zf[fi].name, off, len, zf[fi].zoneIndex(off));
            }
            return;
        }
        held = null;
        try {
            if (ddir >= 0) {
                ZbdDebug.queued(f.name, off, len, f.zoneIndex(off));
            }
            if (ddir != WRITE) {
                return;
            }
            int zi = f.zoneIndex(off);
            Zone zb = f.zones[zi];
            long end = Math.min(off + len, zb.capacityEnd());
            if (accountingVdb() && zb.wp <= end) {
                f.validDataBytes += end - zb.wp;
            }
            zb.wp = end;
            wrote = true;
        } finally {
            f.lock.unlock();
        }
    }

    private boolean adjustRead(int fi, ZonedFile f, long off, long len) {
        long mbs = minBs[READ];
        int orig = f.zoneIndex(off);
        int zi = orig;
        Zone zb = f.zones[zi];
        long range = zb.wp - zb.start;
        if (range < mbs || (!tdRandom && off + mbs > zb.wp)) {
            zi = findZone(fi, f, mbs, zi);
            if (zi < 0) {
                if (ZbdDebug.on()) {
                    ZbdDebug.line(f.name + ": zbd_find_zone(" + off + ", " + len + ") failed");
                }
                return false;
            }
            zb = f.zones[zi];
            range = zb.wp - zb.start;
            if (!tdRandom) {
                off = zb.start;
            }
        }
        if (range <= len) {
            off = zb.start;
        } else if (tdRandom) {
            off = zb.start + (off - f.zones[orig].start) % (range - len) / mbs * mbs;
        }
        long nl = Math.min(len, zb.wp - off) / mbs * mbs;
        offset = off;
        length = Math.min(len, nl);
        return true;
    }

    /** zbd_find_zone: the next zone with minBytes of data (random jobs also look backwards). */
    private int findZone(int fi, ZonedFile f, long minBytes, int zb) {
        int zl = maxZone[fi];
        int zfirst = minZone[fi];
        for (int z1 = zb + 1, z2 = zb - 1; z1 < zl || z2 >= zfirst; z1++, z2--) {
            if (z1 < zl) {
                if (f.zones[z1].start + minBytes <= f.zones[z1].wp) {
                    return z1;
                }
            } else if (!tdRandom) {
                break;
            }
            if (tdRandom && z2 >= zfirst && f.zones[z2].start + minBytes <= f.zones[z2].wp) {
                return z2;
            }
        }
        if (ZbdDebug.on()) {
            ZbdDebug.line(f.name + ": no zone has " + minBytes + " bytes of readable data");
        }
        return -1;
    }

    private boolean adjustWrite(int fi, ZonedFile f, long len) {
        long mbs = minBs[WRITE];
        boolean wzr = z.writeZoneRemainder();
        if (len > f.zoneSize) {
            return fail(22, "I/O buflen exceeds zone size");
        }
        int zi = f.zoneIndex(offset);
        Zone zb;
        do {
            // a retry starts from the zone the last attempt chose, as fio's does
            zi = toWriteZone(fi, f, zi);
            if (zi < 0) {
                return false;
            }
            zb = f.zones[zi];
        } while (!wzr && zb.remainder() > 0 && zb.remainder() < mbs);
        if (z.resetFrequency() != 0) {
            if (f.validDataBytes >= files[fi].ioSize * z.resetThreshold() && decAndResetWriteCnt(f)) {
                zb.resetZone = true;
            }
        }
        if (zb.resetZone || zoneFull(zb, mbs)) {
            quiesce.run(); // fio resets only after the writes in flight completed
            zb.resetZone = false;
            reset(f, zi);
            if (zb.capacity < mbs) {
                return fail(22, "ZCAP is less min_bs");
            }
        }
        long off = zb.wp;
        if (!valid(fi, off)) {
            return fail(22, "invalid WP value");
        }
        long nl = Math.min(len, zb.capacityEnd() - off);
        if ((wzr && nl > mbs) || !wzr) {
            nl = nl / mbs * mbs;
        }
        if (nl != len) {
            if (!(wzr || nl >= mbs)) {
                return fail(5, "zone remainder too small");
            }
            len = nl;
        }
        offset = off;
        length = len;
        return true;
    }

    private boolean valid(int fi, long off) {
        return Long.compareUnsigned(off - files[fi].fileOffset, files[fi].ioSize) < 0;
    }

    private boolean zoneFull(Zone zn, long required) {
        if (z.writeZoneRemainder()) {
            return zn.remainder() == 0;
        }
        return required > zn.remainder();
    }

    /**
     * zbd_do_io_u_trim: a trim of a zone is its reset (no discard reaches the file); 0, or EINVAL
     * when the trim does not start at its zone's start (after fio's line on {@code err}).
     */
    public int trim(IoFile file, long off, java.io.PrintStream err) {
        for (int fi = 0; fi < files.length; fi++) {
            if (files[fi] != file) {
                continue;
            }
            ZonedFile f = zf[fi];
            int zi = f.zoneIndex(off);
            if (off != f.zones[zi].start) {
                err.println("Trim offset not at zone start (" + off + ")");
                return 22;
            }
            f.lock.lock();
            try {
                reset(f, zi);
                if (f.writeZonePut(zi)) {
                    numWriteZones--;
                }
            } finally {
                f.lock.unlock();
            }
            return 0;
        }
        return 0;
    }

    /** __zbd_reset_zone: the write pointer back to the start, counted as this job's reset. */
    private void reset(ZonedFile f, int zi) {
        Zone zn = f.zones[zi];
        long data = zn.wp - zn.start;
        if (data == 0) {
            return;
        }
        ZbdDebug.reset(f.name, zi);
        if (accountingVdb()) {
            f.validDataBytes -= data;
        }
        zn.wp = zn.start;
        resets++;
    }

    private boolean decAndResetWriteCnt(ZonedFile f) {
        long w = 0;
        if (f.writeCnt != 0) {
            w = --f.writeCnt;
        }
        if (w == 0) {
            resetWriteCnt(f);
        }
        return w == 0;
    }

    /** zbd_write_zone_get. */
    private boolean writeZoneGet(ZonedFile f, int zi) {
        Zone zn = f.zones[zi];
        if (verify && zoneFull(zn, minBs[WRITE])) {
            return false;
        }
        return writeZoneGetAny(f, zi);
    }

    /** __zbd_write_zone_get: adds the zone to the write targets if the limits allow. */
    private boolean writeZoneGetAny(ZonedFile f, int zi) {
        Zone zn = f.zones[zi];
        if (verify && zn.remainder() == 0) {
            return false;
        }
        if (f.maxWriteZones == 0) {
            return true;
        }
        if (zn.write) {
            return zn.remainder() != 0;
        }
        if (z.jobMaxOpenZones() > 0 && numWriteZones >= z.jobMaxOpenZones()) {
            return false;
        }
        if (f.numWriteZones >= f.maxWriteZones) {
            return false;
        }
        ZbdDebug.writeZone(f.name, zi, true);
        f.writeZones[f.numWriteZones++] = zi;
        numWriteZones++;
        zn.write = true;
        return true;
    }

    private int pickRandomIndex(int fi, ZonedFile f) {
        return (int) ((offset - files[fi].fileOffset) * f.numWriteZones / files[fi].ioSize);
    }

    /** zbd_pick_write_zone: a write target in this job's range, starting from a quasi-random one. */
    private int pickWriteZone(int fi, ZonedFile f) {
        int w = pickRandomIndex(fi, f);
        for (int i = 0; i < f.numWriteZones; i++) {
            if (w >= f.numWriteZones) {
                w = 0;
            }
            int c = f.writeZones[w];
            if (minZone[fi] <= c && c < maxZone[fi]) {
                return c;
            }
            w++;
        }
        return -1;
    }

    private void finish(ZonedFile f, int zi) {
        f.zones[zi].wp = f.zones[zi + 1].start;
    }

    /**
     * zbd_convert_to_write_zone: the zone the write goes to, starting from zone {@code zb}: it when
     * the limits allow, else an open target or the next zone that can be opened; -1 when none.
     * A zone other than {@code zb} moves {@link #offset} to its start.
     */
    private int toWriteZone(int fi, ZonedFile f, int zb) {
        long mbs = minBs[WRITE];
        boolean wzr = z.writeZoneRemainder();
        Zone first = f.zones[zb];
        if (!wzr && first.remainder() > 0 && first.remainder() < mbs) {
            if (f.writeZonePut(zb)) {
                numWriteZones--;
            }
            if (ZbdDebug.on()) {
                ZbdDebug.line(f.name + ": finish zone " + zb);
            }
            quiesce.run();
            finish(f, zb);
            if (zb + 1 >= maxZone[fi] && !tdRandom) {
                return -1;
            }
            zb++;
            if (zb >= maxZone[fi]) {
                zb = minZone[fi];
            }
        }
        if (writeZoneGet(f, zb)) {
            return zb;
        }
        boolean limited = f.maxWriteZones != 0 || z.jobMaxOpenZones() != 0;
        int zi = limited ? f.writeZones[pickRandomIndex(fi, f)] : f.zoneIndex(offset);
        if (zi < minZone[fi]) {
            zi = minZone[fi];
        } else if (zi >= maxZone[fi]) {
            zi = maxZone[fi] - 1;
        }
        if (ZbdDebug.on()) {
            ZbdDebug.convert(f.name, "starting from zone " + zi + " (offset " + offset + ", buflen " + length + ")");
        }
        boolean examine = !limited;
        if (limited) {
            if (f.numWriteZones == 0) {
                ZbdDebug.convert(f.name, "no zone is write target");
            } else {
                while (true) {
                    int nz = pickWriteZone(fi, f);
                    if (nz < 0) {
                        ZbdDebug.convert(f.name, "no candidate zone");
                        return -1;
                    }
                    if (nz == zi) {
                        break;
                    }
                    zi = nz;
                }
                examine = true;
            }
        }
        if (examine && f.zones[zi].remainder() >= mbs) {
            return moveTo(f, zi);
        }
        if (!wzr && (f.numWriteZones == maxZone[fi] - minZone[fi]
                || (f.maxWriteZones != 0 && f.numWriteZones == f.maxWriteZones)
                || (z.jobMaxOpenZones() != 0 && numWriteZones == z.jobMaxOpenZones()))) {
            // a write target full at its last write leaves the array when that write completes
            ZbdDebug.convert(f.name, "quiesce to remove a zone from write target zones array");
            quiesce.run();
        }
        // fio searches again after the I/O in flight completed (its completions may have taken
        // zones off the write targets), and once more after that; this job's I/O is what it sees
        for (boolean retry = true;;) {
            if (tdRandom) {
                if (writeZoneGet(f, zb)) {
                    return zb;
                }
                zi = zb;
            }
            for (long i = files[fi].ioSize / f.zoneSize; i > 0; i--) {
                zi++;
                if (!valid(fi, f.zones[zi].start)) {
                    zi = minZone[fi];
                }
                if (f.zones[zi].write) {
                    continue;
                }
                if (writeZoneGet(f, zi)) {
                    return moveTo(f, zi);
                }
            }
            for (int i = 0; i < f.numWriteZones; i++) {
                int c = f.writeZones[i];
                if (c < minZone[fi] || c >= maxZone[fi]) {
                    continue;
                }
                zi = c;
                long rem = f.zones[c].remainder();
                if (((wzr && rem > 0) || (!wzr && rem >= mbs)) && writeZoneGet(f, c)) {
                    return moveTo(f, c);
                }
            }
            boolean busy = inFlight.getAsBoolean();
            if (!busy && !retry) {
                break;
            }
            retry = busy;
            ZbdDebug.convert(f.name, "wait zone write and retry write target zone selection");
            quiesce.run();
        }
        boolean needFinish = !wzr;
        if (tdRandom && !verify && needFinish) {
            int c = pickWriteZone(fi, f);
            if (c >= 0) {
                quiesce.run();
                if (ZbdDebug.on()) {
                    ZbdDebug.convert(f.name, "All write target zones have remainder smaller than block size. Choose zone "
                            + c + " and finish.");
                }
                finish(f, c);
                return moveTo(f, c);
            }
        }
        ZbdDebug.convert(f.name, "did not choose another write zone");
        return -1;
    }

    private int moveTo(ZonedFile f, int zi) {
        if (ZbdDebug.on()) {
            ZbdDebug.convert(f.name, "returning zone " + zi);
        }
        offset = f.zones[zi].start;
        return zi;
    }
}
