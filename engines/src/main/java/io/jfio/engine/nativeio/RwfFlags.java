package io.jfio.engine.nativeio;

/** Per-call RWF_* flags of preadv2/pwritev2 (also io_uring rw_flags, libaio aio_rw_flags); spec 2.2. */
public final class RwfFlags {
    public static final int RWF_HIPRI = 0x01;
    public static final int RWF_DSYNC = 0x02;
    public static final int RWF_SYNC = 0x04;
    public static final int RWF_NOWAIT = 0x08;
    public static final int RWF_APPEND = 0x10;
    public static final int RWF_NOAPPEND = 0x20;
    public static final int RWF_ATOMIC = 0x40;
    /** "uncached" buffered I/O, since 6.14; only ext4 and xfs files accept it (spec 2.3). */
    public static final int RWF_DONTCACHE = 0x80;

    /**
     * The line printed once when RWF_DONTCACHE fails with EOPNOTSUPP, so users know it is the
     * target, not jfio, that refuses it.
     */
    public static final String DONTCACHE_HINT =
        "kernels 6.14+ support RWF_DONTCACHE on ext4 and xfs files, not on block devices";

    private RwfFlags() {
    }
}
