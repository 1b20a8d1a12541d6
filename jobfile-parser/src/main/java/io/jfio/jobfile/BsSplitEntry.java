package io.jfio.jobfile;

/** One bssplit entry: a block size and the percentage of I/Os that use it (after fio's fill-in of unspecified shares). */
public record BsSplitEntry(long blockSize, int percent) {
}
