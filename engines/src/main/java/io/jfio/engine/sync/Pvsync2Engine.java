package io.jfio.engine.sync;

import java.util.List;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoUnit;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.RwfFlags;

/**
 * fio's pvsync2: preadv2/pwritev2 with one iovec and per-call RWF flags:
 * {@code hipri} sets RWF_HIPRI on a {@code hipri_percentage} share of I/Os, {@code uncached}
 * sets RWF_DONTCACHE when direct=0, {@code nowait} sets RWF_NOWAIT.
 */
public final class Pvsync2Engine extends SyncEngineBase {
    static final List<EngineOption> OPTIONS = List.of(
        EngineOption.flag("hipri", "Set RWF_HIPRI (polled completion) on preadv2/pwritev2"),
        new EngineOption("hipri_percentage", EngineOption.Type.INT, "100",
            "Share of I/Os, in percent, that get RWF_HIPRI", List.of(), 0, 100),
        new EngineOption("uncached", EngineOption.Type.INT, null,
            "Use RWF_DONTCACHE for buffered reads and writes", List.of(), 0, 0),
        new EngineOption("nowait", EngineOption.Type.BOOL, null,
            "Set RWF_NOWAIT on preadv2/pwritev2", List.of(), 0, 1));

    private boolean hipri;
    private int hipriPercentage;
    /** Flags every I/O gets (DONTCACHE, NOWAIT); HIPRI is drawn per I/O. */
    private int baseFlags;
    private boolean dontcache;
    /** The engine's own PRNG for hipri_percentage (xorshift32; fio seeds its own with 0). */
    private int rand = 0x2545F491;

    @Override
    public String name() {
        return "pvsync2";
    }

    @Override
    public List<EngineOption> options() {
        return OPTIONS;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        super.init(ctx);
        hipri = options.getBool("hipri");
        hipriPercentage = options.getInt("hipri_percentage");
        dontcache = !ctx.direct() && options.getLong("uncached") != 0;
        baseFlags = RwfFlags.forJob(options.getLong("uncached"), options.getBool("nowait"), ctx.direct());
    }

    @Override
    public java.util.Set<io.jfio.engine.EngineFlag> flags() {
        return java.util.EnumSet.of(io.jfio.engine.EngineFlag.SYNC_IO, io.jfio.engine.EngineFlag.ATOMIC_WRITES);
    }

    /** The RWF flags the next I/O gets (package-private for the hipri_percentage test). */
    int flagsFor(IoUnit u) {
        int flags = baseFlags | u.rwFlags;
        if (hipri) {
            int x = rand;
            x ^= x << 13;
            x ^= x >>> 17;
            x ^= x << 5;
            rand = x;
            long r = ((x & 0xFFFFFFFFL) * 100 >>> 32) + 1;
            if (r <= hipriPercentage) {
                flags |= RwfFlags.RWF_HIPRI;
            }
        }
        return flags;
    }

    @Override
    long transfer(IoUnit u) {
        long iov = setIovec(0, u);
        int flags = flagsFor(u);
        return u.ddir == IoDirection.READ
            ? libc.preadv2(u.file.fd, iov, 1, u.offset, flags)
            : libc.pwritev2(u.file.fd, iov, 1, u.offset, flags);
    }

    /** With uncached=1 an EOPNOTSUPP means the target refuses RWF_DONTCACHE. */
    @Override
    public String errorHint(int errno) {
        return dontcache && errno == Errno.EOPNOTSUPP ? RwfFlags.DONTCACHE_HINT : null;
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("preadv2/pwritev2 with RWF flags", Pvsync2Engine::new);
        }
    }
}
