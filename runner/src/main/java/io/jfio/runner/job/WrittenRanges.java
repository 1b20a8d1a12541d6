package io.jfio.runner.job;

/**
 * Per file, the lowest and highest byte written since its last sync (fio's f->first_write and
 * f->last_write, kept at write completion): the range sync_file_range= syncs. Indexed by the
 * job's file index; the arrays grow only when a file index beyond them completes a write.
 */
final class WrittenRanges {
    private long[] first;
    private long[] last;

    WrittenRanges(int files) {
        first = new long[Math.max(1, files)];
        last = new long[first.length];
        java.util.Arrays.fill(first, -1);
        java.util.Arrays.fill(last, -1);
    }

    void wrote(int file, long offset, long bytes) {
        if (file >= first.length) {
            int n = Math.max(file + 1, first.length * 2);
            int old = first.length;
            first = java.util.Arrays.copyOf(first, n);
            last = java.util.Arrays.copyOf(last, n);
            java.util.Arrays.fill(first, old, n, -1);
            java.util.Arrays.fill(last, old, n, -1);
        }
        if (first[file] == -1 || offset < first[file]) {
            first[file] = offset;
        }
        if (last[file] == -1 || offset + bytes > last[file]) {
            last[file] = offset + bytes;
        }
    }

    void synced(int file) {
        if (file < first.length) {
            first[file] = -1;
            last[file] = -1;
        }
    }

    /** First byte written since the last sync; 0 when nothing was (fio's -1 start with an empty range). */
    long first(int file) {
        return file < first.length && first[file] >= 0 ? first[file] : 0;
    }

    long last(int file) {
        return file < last.length && last[file] >= 0 ? last[file] : 0;
    }
}
