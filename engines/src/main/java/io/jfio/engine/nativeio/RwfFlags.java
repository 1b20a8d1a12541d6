package io.jfio.engine.nativeio;

/** Per-call RWF_* flags of preadv2/pwritev2 (also io_uring rw_flags, libaio aio_rw_flags). */
public final class RwfFlags {
    public static final int RWF_HIPRI = 0x01;
    public static final int RWF_DSYNC = 0x02;
    public static final int RWF_SYNC = 0x04;
    public static final int RWF_NOWAIT = 0x08;
    public static final int RWF_APPEND = 0x10;
    public static final int RWF_NOAPPEND = 0x20;
    public static final int RWF_ATOMIC = 0x40;
    /** "uncached" buffered I/O, since 6.14; only ext4 and xfs files accept it. */
    public static final int RWF_DONTCACHE = 0x80;

    /**
     * The line printed once when RWF_DONTCACHE fails with EOPNOTSUPP, so users know it is the
     * target, not jfio, that refuses it.
     */
    public static final String DONTCACHE_HINT =
        "kernels 6.14+ support RWF_DONTCACHE on ext4 and xfs files, not on block devices";

    private RwfFlags() {
    }

    /**
     * The flags every I/O of a job gets from the engines' {@code uncached} and {@code nowait}
     * options. DONTCACHE only applies to buffered I/O (with O_DIRECT there is no page cache to skip).
     */
    public static int forJob(long uncached, boolean nowait, boolean direct) {
        return (uncached != 0 && !direct ? RWF_DONTCACHE : 0) | (nowait ? RWF_NOWAIT : 0);
    }

    /**
     * The once-per-job hint ({@code IoEngine.errorHint}) for an engine that sets {@code rwFlags}
     * on every I/O: errors these flags cause look like the target's fault otherwise.
     */
    public static String errorHint(int errno, int rwFlags) {
        if (errno == Errno.EOPNOTSUPP && (rwFlags & RWF_DONTCACHE) != 0) {
            return DONTCACHE_HINT;
        }
        if (errno == Errno.EAGAIN && (rwFlags & RWF_NOWAIT) != 0) {
            return "nowait=1: the kernel refused to block (EAGAIN); fio suggests ignore_error=EAGAIN";
        }
        return null;
    }
}
