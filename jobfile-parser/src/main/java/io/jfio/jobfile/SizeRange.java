package io.jfio.jobfile;

/** A low..high pair of sizes (bsrange, filesize, startdelay), low <= high. */
public record SizeRange(long low, long high) {
}
