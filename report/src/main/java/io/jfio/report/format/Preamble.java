package io.jfio.report.format;

import io.jfio.report.Num2Str;

/** The lines fio prints while setting up, before the report, normal output only. */
public final class Preamble {
    private Preamble() {
    }

    /**
     * The line for the first job of a section:
     * {@code NAME: (g=G): rw=RW, bs=(R) 4096B-4096B, (W) ..., (T) ..., ioengine=E, iodepth=N}.
     *
     * @param minBs minimum block size per direction (read, write, trim), bytes
     * @param maxBs maximum block size per direction
     * @param rw the rw= mode name as fio prints it ("readwrite" prints "rw")
     */
    public static String jobLine(String name, int groupId, String rw, long[] minBs, long[] maxBs,
            boolean bsIsSeqRand, String engine, int iodepth, int sigFigs, int kbBase) {
        boolean i2p = (kbBase & (kbBase - 1)) == 0;
        StringBuilder b = new StringBuilder();
        b.append(name).append(": (g=").append(groupId).append("): rw=").append(rw.equals("readwrite") ? "rw" : rw)
                .append(", bs=(R) ").append(bs(minBs[0], sigFigs, i2p)).append('-').append(bs(maxBs[0], sigFigs, i2p))
                .append(", (W) ").append(bs(minBs[1], sigFigs, i2p)).append('-').append(bs(maxBs[1], sigFigs, i2p));
        if (bsIsSeqRand) {
            b.append(", bs_is_seq_rand, ");
        } else {
            b.append(", (T) ").append(bs(minBs[2], sigFigs, i2p)).append('-').append(bs(maxBs[2], sigFigs, i2p))
                    .append(", ");
        }
        return b.append("ioengine=").append(engine).append(", iodepth=").append(iodepth).append('\n').toString();
    }

    private static String bs(long v, int sigFigs, boolean i2p) {
        return Num2Str.format(v, sigFigs, 1, i2p, Num2Str.BYTE);
    }

    /** Printed once for the second job of a numjobs section. */
    public static String clonesLine() {
        return "...\n";
    }

    /** "fio-3.42" on its own line, after all jobs are parsed. */
    public static String versionLine(String fioVersion) {
        return fioVersion + "\n";
    }

    /** "Starting 1 process", "Starting 2 threads", "Starting 1 thread and 2 processes". */
    public static String startingLine(int threads, int processes) {
        StringBuilder b = new StringBuilder("Starting ");
        if (threads != 0) {
            b.append(threads).append(" thread").append(threads > 1 ? "s" : "");
        }
        if (processes != 0) {
            if (threads != 0) {
                b.append(" and ");
            }
            b.append(processes).append(" process").append(processes > 1 ? "es" : "");
        }
        return b.append('\n').toString();
    }
}
