package io.jfio.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Ports for tests that run a listener and its peer (fio's net engine, fio's client/server), and
 * whether the listener is up, read from the kernel's socket tables without touching the socket
 * (a probing connect would be the listener's one accepted connection).
 */
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

    /** A free UDP port on the loopback interface (asked of the kernel, then released). */
    public static int freeUdp() {
        try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
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
        // st 0A is TCP_LISTEN
        return sockets(List.of("/proc/net/tcp", "/proc/net/tcp6"), port, "0A") > 0;
    }

    /**
     * How many UDP sockets are bound to {@code port} (IPv4 or IPv6, any address, a multicast
     * group's too), as /proc/net/udp and udp6 show them: a datagram sent before the bind is lost.
     */
    public static int udpBound(int port) {
        return sockets(List.of("/proc/net/udp", "/proc/net/udp6"), port, null);
    }

    /** The rows of the tables whose local address has {@code port} and, unless null, state {@code st}. */
    private static int sockets(List<String> tables, int port, String st) {
        String local = String.format(Locale.ROOT, ":%04X ", port);
        int n = 0;
        for (String table : tables) {
            try {
                for (String line : Files.readAllLines(Path.of(table))) {
                    String[] f = line.trim().split("\\s+");
                    // sl local_address rem_address st ...
                    if (f.length > 3 && (f[1] + " ").endsWith(local) && (st == null || f[3].equals(st))) {
                        n++;
                    }
                }
            } catch (IOException e) {
                // no such table (IPv6 off): the other one tells
            }
        }
        return n;
    }

    /**
     * True when a unix stream socket listens at {@code path}, as /proc/net/unix shows it (the
     * __SO_ACCEPTCON flag): the socket file alone appears at bind, before listen.
     */
    public static boolean unixListening(Path path) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/net/unix"))) {
                // Num RefCount Protocol Flags Type St Inode Path
                String[] f = line.trim().split("\\s+");
                if (f.length > 7 && f[7].equals(path.toString()) && (Integer.parseInt(f[3], 16) & 0x10000) != 0) {
                    return true;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return false;
        }
        return false;
    }
}
