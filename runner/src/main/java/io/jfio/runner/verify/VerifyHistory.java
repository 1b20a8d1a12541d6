package io.jfio.runner.verify;

import java.util.Arrays;

/**
 * fio's io_hist list: the writes a verify pass will read back, in issue order (fio's list; with
 * norandommap-like overlap risk fio keeps an rb-tree that drops an older write to the same place,
 * done here with an offset index that marks the older entry dead). Primitive arrays, grown by
 * doubling and reset once everything was read back, so logging a write allocates only when the
 * history outgrows its capacity.
 */
final class VerifyHistory {
    private static final byte DEAD = 0;
    private static final byte IN_FLIGHT = 1;
    private static final byte DONE = 2;

    private long[] offset;
    private int[] length;
    private long[] numberio;
    private int[] file;
    private byte[] state;
    /** fio's trim_list: entries picked for trimming, in log order (IP_F_TRIMMED once trimmed). */
    private int[] trimList;
    private boolean[] onTrimList;
    private boolean[] trimmed;
    private int trimHead;
    private int trimTail;
    private int trimEntries;
    private int head;
    private int tail;
    private int live;

    /** Offset index (open addressing, key = file and offset), only with overlap risk. */
    private final boolean overlapRisk;
    private long[] keys;
    private int[] slots;

    VerifyHistory(int capacity, boolean overlapRisk) {
        int c = Math.max(16, capacity);
        offset = new long[c];
        length = new int[c];
        numberio = new long[c];
        file = new int[c];
        state = new byte[c];
        trimList = new int[c];
        onTrimList = new boolean[c];
        trimmed = new boolean[c];
        this.overlapRisk = overlapRisk;
        if (overlapRisk) {
            int t = Integer.highestOneBit(c * 2 - 1) << 1;
            keys = new long[t];
            slots = new int[t];
            Arrays.fill(slots, -1);
        }
    }

    int size() {
        return live;
    }

    /** Logs a write about to be issued (fio's log_io_piece); returns its entry. */
    int log(int fileIndex, long off, int len, long nio) {
        if (tail == offset.length) {
            grow();
        }
        int i = tail++;
        offset[i] = off;
        length[i] = len;
        numberio[i] = nio;
        file[i] = fileIndex;
        state[i] = IN_FLIGHT;
        onTrimList[i] = false;
        trimmed[i] = false;
        live++;
        if (overlapRisk) {
            index(i);
        }
        return i;
    }

    /** The write finished: it may be read back now; a failed write leaves the list. */
    void completed(int entry, boolean ok) {
        if (entry < 0 || entry >= tail || state[entry] != IN_FLIGHT) {
            return;
        }
        if (ok) {
            state[entry] = DONE;
        } else {
            kill(entry);
        }
    }

    /** Drops an entry from the history and from the trim list (fio's remove_trim_entry). */
    private void kill(int e) {
        state[e] = DEAD;
        live--;
        if (onTrimList[e]) {
            onTrimList[e] = false;
            trimEntries--;
        }
    }

    /** log_io_piece with io_u_should_trim true: the entry joins the trim list. */
    void listForTrim(int entry) {
        trimList[trimTail++] = entry;
        onTrimList[entry] = true;
        trimEntries++;
    }

    /** Entries on the trim list (fio's td->trim_entries). */
    int trimEntries() {
        return trimEntries;
    }

    /**
     * fio's get_next_trim: takes the first entry of the trim list (in flight or not), or -1.
     * {@code keep}: trim_verify_zero, the entry stays to be read back and marked trimmed;
     * otherwise it leaves the history.
     */
    int takeTrim(boolean keep) {
        while (trimHead < trimTail && !onTrimList[trimList[trimHead]]) {
            trimHead++;
        }
        if (trimHead == trimTail) {
            return -1;
        }
        int e = trimList[trimHead++];
        onTrimList[e] = false;
        trimEntries--;
        if (keep) {
            trimmed[e] = true;
        } else {
            state[e] = DEAD;
            live--;
        }
        return e;
    }

    boolean trimmed(int e) {
        return trimmed[e];
    }

    /**
     * The oldest entry still to read back, or -1 when there is none or the oldest is still in
     * flight (fio waits for it: IP_F_IN_FLIGHT). The caller reads its fields, then {@link #pop}s.
     */
    int peek() {
        while (head < tail && state[head] == DEAD) {
            head++;
        }
        if (head == tail) {
            reset();
            return -1;
        }
        return state[head] == DONE ? head : -1;
    }

    void pop(int entry) {
        kill(entry);
        head = entry + 1;
        if (live == 0) {
            reset();
        }
    }

    long offset(int e) {
        return offset[e];
    }

    int length(int e) {
        return length[e];
    }

    long numberio(int e) {
        return numberio[e];
    }

    int file(int e) {
        return file[e];
    }

    void clear() {
        reset();
    }

    private void reset() {
        head = 0;
        tail = 0;
        live = 0;
        trimHead = 0;
        trimTail = 0;
        trimEntries = 0;
        if (overlapRisk) {
            Arrays.fill(slots, -1);
        }
    }

    private void index(int i) {
        long key = ((long) file[i] << 48) ^ offset[i];
        int mask = slots.length - 1;
        int h = (int) (mix(key) & mask);
        while (slots[h] >= 0 && keys[h] != key) {
            h = (h + 1) & mask;
        }
        int old = slots[h];
        if (old >= 0 && state[old] != DEAD) {
            // fio's log_io_piece: a newer write to the same place replaces the older entry
            kill(old);
        }
        keys[h] = key;
        slots[h] = i;
    }

    private static long mix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        return k;
    }

    private void grow() {
        int c = offset.length * 2;
        offset = Arrays.copyOf(offset, c);
        length = Arrays.copyOf(length, c);
        numberio = Arrays.copyOf(numberio, c);
        file = Arrays.copyOf(file, c);
        state = Arrays.copyOf(state, c);
        trimList = Arrays.copyOf(trimList, c);
        onTrimList = Arrays.copyOf(onTrimList, c);
        trimmed = Arrays.copyOf(trimmed, c);
        if (overlapRisk) {
            int t = Integer.highestOneBit(c * 2 - 1) << 1;
            keys = new long[t];
            slots = new int[t];
            Arrays.fill(slots, -1);
            for (int i = head; i < tail; i++) {
                if (state[i] != DEAD) {
                    long key = ((long) file[i] << 48) ^ offset[i];
                    int mask = slots.length - 1;
                    int h = (int) (mix(key) & mask);
                    while (slots[h] >= 0 && keys[h] != key) {
                        h = (h + 1) & mask;
                    }
                    keys[h] = key;
                    slots[h] = i;
                }
            }
        }
    }
}
