package io.jfio.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** TCP ports for tests that run a listener and its peer (fio's net engine, fio's client/server). */
public final class Ports {
    private Ports() {
    }

    /** A free TCP port on the loopback interface (asked of the kernel, then released). */
    public static int free() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * True when some process has a TCP socket listening on {@code port} (IPv4 or IPv6, any
     * address), as /proc/net/tcp and tcp6 show it: a listener is up without connecting to it.
     */
    public static boolean listening(int port) {
        String local = String.format(Locale.ROOT, ":%04X ", port);
        for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            try {
                for (String line : Files.readAllLines(Path.of(table))) {
                    String[] f = line.trim().split("\\s+");
                    // sl local_address rem_address st ...; st 0A is TCP_LISTEN
                    if (f.length > 3 && (f[1] + " ").endsWith(local) && f[3].equals("0A")) {
                        return true;
                    }
                }
            } catch (IOException e) {
                // no such table (IPv6 off): the other one tells
            }
        }
        return false;
    }
}
