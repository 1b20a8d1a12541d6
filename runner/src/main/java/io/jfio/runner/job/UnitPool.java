package io.jfio.runner.job;

import io.jfio.engine.IoUnit;

/**
 * A job's I/O units (fio's io_u freelist and requeue list, io_u.c): the free ones, and the ones
 * to issue again before anything new (the engine answered BUSY, or the rest of a short
 * transfer). Both are arrays of unit indices made once; nothing is allocated per I/O.
 */
final class UnitPool {
    final IoUnit[] units;
    private final int[] free;
    private int freeCount;
    /** A ring of unit indices. */
    private final int[] requeue;
    private int requeueHead;
    private int requeueCount;

    UnitPool(IoUnit[] units) {
        this.units = units;
        this.free = new int[units.length];
        for (int i = 0; i < units.length; i++) {
            free[freeCount++] = units.length - 1 - i;
        }
        this.requeue = new int[units.length];
    }

    boolean hasFree() {
        return freeCount > 0;
    }

    /** Takes a free unit; only when {@link #hasFree()}. */
    IoUnit take() {
        return units[free[--freeCount]];
    }

    /** Gives a unit back to the free list. */
    void release(IoUnit u) {
        free[freeCount++] = u.index;
    }

    boolean hasRequeued() {
        return requeueCount > 0;
    }

    /** The oldest unit to issue again; only when {@link #hasRequeued()}. */
    IoUnit pollRequeued() {
        IoUnit u = units[requeue[requeueHead]];
        if (++requeueHead == requeue.length) {
            requeueHead = 0;
        }
        requeueCount--;
        return u;
    }

    /** fio's requeue_io_u: the unit is issued again next round. */
    void requeue(IoUnit u) {
        // Null at iodepth > 1 requeues every I/O (BUSY until reaped): wrap without a division.
        int tail = requeueHead + requeueCount;
        if (tail >= requeue.length) {
            tail -= requeue.length;
        }
        requeue[tail] = u.index;
        requeueCount++;
    }

    /** The job ends: units waiting to be issued again go back to the free list. */
    void dropRequeued() {
        while (requeueCount > 0) {
            free[freeCount++] = requeue[requeueHead];
            requeueHead = (requeueHead + 1) % requeue.length;
            requeueCount--;
        }
    }
}
