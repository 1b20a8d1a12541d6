package io.jfio.runner.verify;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.security.Provider;
import java.security.Security;

/**
 * The JDK's SHA-256 compression function (the SHA-NI/AVX2 intrinsic behind MessageDigest), with
 * a state that can be set and read. fio's sha256 pads the message its own way (the length
 * little-endian) and stores the raw state, which MessageDigest's API cannot express; the
 * compression function is the standard one, so feeding the JDK's SHA-256 engine whole 64-byte
 * blocks (it compresses them at once and buffers nothing) and reading its state words gives
 * fio's result at the JDK's speed: about ten times our own Java rounds where the CPU has SHA
 * instructions. Reaching the engine needs {@code --add-opens
 * java.base/sun.security.provider=ALL-UNNAMED} (bin/jfio passes it); without it, or if a JDK
 * lays its engine out differently, {@link #create()} returns null and FioSha256 compresses in
 * Java. Not thread-safe: one per BlockChecksum.
 */
final class JdkSha256Blocks {
    /** DigestBase.engineUpdate(byte[], int, int) as (Object, byte[], int, int)void, or null. */
    private static final MethodHandle UPDATE;
    /** SHA2.state, or null. */
    private static final VarHandle STATE;
    private static final Provider SUN = Security.getProvider("SUN");

    static {
        MethodHandle update = null;
        VarHandle state = null;
        try {
            Class<?> digestBase = Class.forName("sun.security.provider.DigestBase");
            Class<?> sha2 = Class.forName("sun.security.provider.SHA2");
            MethodHandles.Lookup base = MethodHandles.privateLookupIn(digestBase, MethodHandles.lookup());
            update = base.findVirtual(digestBase, "engineUpdate",
                    MethodType.methodType(void.class, byte[].class, int.class, int.class))
                    .asType(MethodType.methodType(void.class, Object.class, byte[].class, int.class, int.class));
            state = MethodHandles.privateLookupIn(sha2, MethodHandles.lookup())
                    .findVarHandle(sha2, "state", int[].class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // not opened to us (or another JDK's layout): FioSha256's own rounds
            update = null;
            state = null;
        }
        UPDATE = update;
        STATE = state;
    }

    private final Object engine;
    private final int[] state;

    private JdkSha256Blocks(Object engine, int[] state) {
        this.engine = engine;
        this.state = state;
    }

    /** A fresh engine, or null when the JDK's cannot be reached or does not compress as expected. */
    static JdkSha256Blocks create() {
        if (UPDATE == null || SUN == null) {
            return null;
        }
        try {
            Provider.Service s = SUN.getService("MessageDigest", "SHA-256");
            Object engine = s == null ? null : s.newInstance(null);
            if (engine == null || !STATE.varType().equals(int[].class)) {
                return null;
            }
            int[] st = (int[]) STATE.get(engine);
            if (st == null || st.length != 8) {
                return null;
            }
            JdkSha256Blocks b = new JdkSha256Blocks(engine, st);
            return b.selfTest() ? b : null;
        } catch (Throwable e) {
            return null;
        }
    }

    /** The eight state words the next {@link #compress} starts from (and leaves its result in). */
    int[] state() {
        return state;
    }

    /** Compresses {@code len} bytes (a multiple of 64) of {@code a} from {@code off} into the state. */
    void compress(byte[] a, int off, int len) {
        try {
            UPDATE.invokeExact(engine, a, off, len);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** One block of "abc" with standard padding must give FIPS 180-2's SHA-256("abc"). */
    private boolean selfTest() {
        byte[] blk = new byte[64];
        blk[0] = 'a';
        blk[1] = 'b';
        blk[2] = 'c';
        blk[3] = (byte) 0x80;
        blk[63] = 24;
        FioSha256.initialState(state);
        compress(blk, 0, 64);
        int[] want = {0xba7816bf, 0x8f01cfea, 0x414140de, 0x5dae2223, 0xb00361a3, 0x96177a9c, 0xb410ff61, 0xf20015ad};
        return java.util.Arrays.equals(state, want);
    }
}
