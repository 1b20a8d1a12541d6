package io.jfio.runner.log;

/**
 * A single-producer single-consumer ring of log chunks (primitive arrays with their entry
 * counts). Offer and poll allocate nothing; the indices are volatile so a chunk's contents,
 * written before the offer, are visible to the thread that polls it.
 */
final class ChunkRing {
    private final long[][] slots;
    private final int[] counts;
    private final int mask;
    private volatile long head;
    private volatile long tail;
    private int polledCount;

    ChunkRing(int capacityPow2) {
        int n = Integer.highestOneBit(Math.max(2, capacityPow2 - 1) << 1);
        slots = new long[n][];
        counts = new int[n];
        mask = n - 1;
    }

    boolean offer(long[] chunk, int count) {
        long t = tail;
        if (t - head >= slots.length) {
            return false;
        }
        int i = (int) (t & mask);
        slots[i] = chunk;
        counts[i] = count;
        tail = t + 1;
        return true;
    }

    /** The oldest chunk, or null; its entry count is then {@link #polledCount()}. */
    long[] poll() {
        long h = head;
        if (h == tail) {
            return null;
        }
        int i = (int) (h & mask);
        long[] c = slots[i];
        polledCount = counts[i];
        slots[i] = null;
        head = h + 1;
        return c;
    }

    int polledCount() {
        return polledCount;
    }

    boolean isEmpty() {
        return head == tail;
    }
}
