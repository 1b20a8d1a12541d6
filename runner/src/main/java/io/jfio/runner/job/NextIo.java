package io.jfio.runner.job;

import io.jfio.engine.IoDirection;
import io.jfio.engine.IoUnit;
import io.jfio.runner.data.BufferContent;
import io.jfio.runner.verify.Verifier;

/**
 * What a free unit carries next in a job's loop (fio's get_io_u): a read-back of a logged write
 * (verify), a due sync, the I/O kept back for it, or the workload's next I/O; then its buffer
 * contents or verify header.
 */
final class NextIo {
    private final IoSource source;
    /** verify= is on: write buffers are filled and reads checked by it (fio's verify.c). */
    private final Verifier verifier;
    /** This loop is fio's do_verify: it reads back the logged writes and nothing else. */
    private final boolean verifyPhase;
    private final SyncSchedule syncs;
    /** What writes carry (fio's refill / scramble per write); null leaves buffers as they are. */
    private final BufferContent content;
    /** RWF flags every write gets (RWF_ATOMIC with atomic=1), 0 for none. */
    int writeFlags;
    /** The loop's issued I/Os per direction. */
    private final long[] issued;
    /** The last fill found nothing only because openfiles keeps the chosen file closed for now. */
    private boolean filesBusy;

    NextIo(IoSource source, Verifier verifier, boolean verifyPhase, SyncSchedule syncs, BufferContent content,
           long[] issued) {
        this.source = source;
        this.verifier = verifier;
        this.verifyPhase = verifyPhase;
        this.syncs = syncs;
        this.content = content;
        this.issued = issued;
    }

    /**
     * Fills a unit: an fsync/fdatasync when one is due after the last write (fio's get_rw_ddir),
     * else the workload's next I/O. Like fio, a sync is only issued when the workload has more to
     * do (fio's loop ends before asking for one): the next I/O is fetched first and kept back.
     */
    boolean fill(IoUnit u, long nowUsec, long clock) {
        if (!nextIo(u, nowUsec)) {
            return false;
        }
        if (u.ddir == IoDirection.WRITE) {
            u.rwFlags |= writeFlags; // atomic=1: RWF_ATOMIC on every write, as fio's engines set it
            if (content != null) {
                content.prepareWrite(u, clock);
            }
        }
        return true;
    }

    /** experimental_verify's read-back: the job's next write (or trim) of the replayed sequence, as a read. */
    private boolean replay(IoUnit u, long nowUsec) {
        while (!verifier.replayDone() && source.next(u, nowUsec)) {
            if (verifier.replay(u)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A new loop over the files began with {@code u}, filled before verify's history and seeds
     * restarted (the loop sees the new pass only then): verify fills it again as the new loop's
     * first write, logged and seeded as fio's next do_io starts (else it was never read back).
     */
    void newPass(IoUnit u) {
        if (verifier != null && !verifyPhase && u.ddir == IoDirection.WRITE) {
            verifier.prepareWrite(u, System.currentTimeMillis() * 1_000_000L, true);
        }
    }

    /** See {@link IoSource#filesBusy()}: the loop reaps and asks again. */
    boolean filesBusy() {
        return filesBusy;
    }

    private boolean nextIo(IoUnit u, long nowUsec) {
        filesBusy = false;
        u.result = 0;
        u.rwFlags = 0;
        if (verifier != null && !verifyPhase) {
            source.trimsPending(verifier.trimsPending());
        }
        // fio's do_io checks its amount before get_io_u takes a backlog read or trim
        if (verifier != null && (verifyPhase ? verifier.nextRead(u)
                : !source.amountReached() && (verifier.backlogRead(u) || verifier.backlogTrim(u)))) {
            if (!verifyPhase || !verifier.experimental()) {
                // do_verify's reads count too (fio's io_blocks): a later loop's number_ios sees them.
                // do_io's bytes_issued counts a backlog read (queued) but not a backlog trim: fio's
                // libaio and sync engines trim inline, and bytes_issued counts only queued I/O.
                source.otherIssued(!verifyPhase && u.ddir == IoDirection.READ ? u.length : 0);
            }
            source.reopen(u.file);
            io.jfio.runner.workload.FileDebug.verifyUnit(u.file);
            return true;
        } else if (verifyPhase) {
            return verifier.experimental() && replay(u, nowUsec);
        }
        if (syncs.unstash(u)) {
            return true;
        }
        IoDirection sync = syncs.due(issued[1]);
        if (!source.next(u, nowUsec)) {
            filesBusy = source.filesBusy();
            return false;
        }
        if (verifier != null) {
            if (u.ddir == IoDirection.WRITE) {
                verifier.prepareWrite(u, System.currentTimeMillis() * 1_000_000L, true);
            } else if (u.ddir == IoDirection.READ && !verifier.prepareRead(u)) {
                return false;
            }
        }
        if (sync != null) {
            syncs.stashFor(u, sync);
        }
        return true;
    }
}
