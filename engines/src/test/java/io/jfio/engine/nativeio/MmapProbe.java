package io.jfio.engine.nativeio;

import java.nio.file.Files;
import java.nio.file.Path;

import jnr.ffi.LibraryLoader;

/**
 * Maps page 1 of a file whose pages hold different bytes through a six-primitive mmap binding
 * and prints the first byte it sees (or "FAILED errno"). Run in a fresh JVM by
 * NativeFreshJvmIT, so jnr-ffi's stubs are configured only by what our code does.
 * Argument "raw" loads LibC directly, bypassing {@link Native}.
 */
public final class MmapProbe {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        boolean raw = args.length > 1 && args[1].equals("raw");
        LibC libc = raw ? LibraryLoader.create(LibC.class).load("c") : Native.libc();
        int fd = libc.open(file.toString(), OpenFlags.O_RDONLY, 0);
        if (fd < 0) {
            System.out.println("FAILED open");
            return;
        }
        long addr = libc.mmap(0L, 4096, 1 /* PROT_READ */, 1 /* MAP_SHARED */, fd, 4096L);
        if (addr == -1) {
            System.out.println("FAILED " + (raw ? "mmap" : Native.errno()));
        } else {
            byte b = jnr.ffi.Pointer.wrap(jnr.ffi.Runtime.getRuntime(libc), addr, 4096).getByte(0);
            System.out.println("BYTE " + b);
            libc.munmap(addr, 4096);
        }
        libc.close(fd);
        Files.deleteIfExists(Path.of("/nonexistent-never"));
    }
}
