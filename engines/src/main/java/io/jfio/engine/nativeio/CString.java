package io.jfio.engine.nativeio;

import com.kenai.jffi.MemoryIO;

import java.nio.charset.Charset;

/**
 * Text passed to or read from libc as a NUL-terminated C string, so that {@link LibC} takes and
 * returns only primitives: jnr-ffi's String conversions cost the libc binding ~30 ms at every
 * start (annotation proxies and converters made by reflection), and a 252-job run waits for that
 * binding before its first thread starts. Paths are encoded as the JDK encodes file names
 * ({@code sun.jnu.encoding}), so a file jfio opens natively is the one java.nio names.
 */
final class CString {
    private static final MemoryIO MEMORY = MemoryIO.getInstance();
    private static final Charset NAMES = fileNameCharset();

    private CString() {
    }

    /** malloc'ed copy of {@code text} with its terminating NUL; give it back with {@link #free}. */
    static long allocate(String text) {
        byte[] bytes = text.getBytes(NAMES);
        long address = MEMORY.allocateMemory(bytes.length + 1L, false);
        if (address == 0) {
            throw new OutOfMemoryError("malloc(" + (bytes.length + 1) + ") for a C string");
        }
        MEMORY.putZeroTerminatedByteArray(address, bytes, 0, bytes.length);
        return address;
    }

    /** Frees memory from {@link #allocate}; leaves the errno the preceding libc call saved alone. */
    static void free(long address) {
        MEMORY.freeMemory(address);
    }

    /** The C string at {@code address} (glibc's own text, such as strerror's); null for NULL. */
    static String read(long address) {
        return address == 0 ? null : new String(MEMORY.getZeroTerminatedByteArray(address), NAMES);
    }

    private static Charset fileNameCharset() {
        String name = System.getProperty("sun.jnu.encoding");
        try {
            return name == null ? Charset.defaultCharset() : Charset.forName(name);
        } catch (IllegalArgumentException e) {
            return Charset.defaultCharset();
        }
    }
}
