package io.jfio.engine.net;

import io.jfio.engine.EngineException;
import io.jfio.engine.nativeio.Errno;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** Socket addresses as fio's net.c builds them: sockaddr_un, sockaddr_in, sockaddr_in6, sockaddr_vm. */
final class NetAddress {
    static final int AF_UNIX = 1;
    static final int AF_INET = 2;
    static final int AF_INET6 = 10;
    static final int AF_VSOCK = 40;
    /** VMADDR_CID_ANY: a vsock listener binds every context ID. */
    private static final int VMADDR_CID_ANY = -1;

    private NetAddress() {
    }

    static int domain(NetConfig c) {
        return c.unix ? AF_UNIX : c.vsock ? AF_VSOCK : c.ipv6 ? AF_INET6 : AF_INET;
    }

    /** Writes the peer's (or, binding, this side's) address into {@code addr}; returns its length. */
    static int fill(ByteBuffer addr, NetConfig c) throws EngineException {
        if (c.unix) {
            byte[] p = c.target.getBytes(StandardCharsets.UTF_8);
            addr.putShort(0, (short) AF_UNIX);
            for (int i = 0; i < p.length && i < 107; i++) {
                addr.put(2 + i, p[i]);
            }
            return 2 + Math.min(p.length, 107) + 1;
        }
        if (c.vsock) {
            // struct sockaddr_vm: family, reserved, port, cid, flags, zero[3]
            addr.putShort(0, (short) AF_VSOCK);
            addr.putInt(4, c.port);
            addr.putInt(8, c.listen ? VMADDR_CID_ANY : c.cid);
            return 16;
        }
        byte[] ip = new byte[c.ipv6 ? 16 : 4];
        if (!c.listen || c.multicast) {
            ip = resolve(c.target == null ? "localhost" : c.target, c.ipv6);
        }
        addr.putShort(0, (short) (c.ipv6 ? AF_INET6 : AF_INET));
        addr.order(ByteOrder.BIG_ENDIAN).putShort(2, (short) c.port).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < ip.length; i++) {
            addr.put((c.ipv6 ? 8 : 4) + i, ip[i]);
        }
        return c.ipv6 ? 28 : 16;
    }

    /** The address of a host name or literal in the protocol's family, as fio's getaddrinfo hints ask. */
    private static byte[] resolve(String target, boolean ipv6) throws EngineException {
        try {
            for (InetAddress a : InetAddress.getAllByName(target)) {
                byte[] ip = a.getAddress();
                if (ip.length == (ipv6 ? 16 : 4)) {
                    return ip;
                }
            }
        } catch (UnknownHostException e) {
            throw new EngineException(Errno.EINVAL, "net", "fio: getaddrinfo: " + e.getMessage());
        }
        throw new EngineException(Errno.EINVAL, "net", "fio: getaddrinfo: Address family for hostname not supported");
    }

    /**
     * The CID a vsock sender connects to: fio's net.c reads hostname with atoi (so a name that is
     * not a number is CID 0) and refuses a negative one; without a hostname there is no peer.
     */
    static int vsockCid(String host, boolean reads) throws EngineException {
        if (host == null) {
            throw new EngineException(Errno.EINVAL, "no hostname= set", "fio: connect with no host to connect to."
                + (reads ? "\nfio: did you forget to set 'listen'?" : ""));
        }
        int i = 0;
        int n = host.length();
        while (i < n && Character.isWhitespace(host.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < n && (host.charAt(i) == '+' || host.charAt(i) == '-')) {
            negative = host.charAt(i) == '-';
            i++;
        }
        long v = 0;
        while (i < n && host.charAt(i) >= '0' && host.charAt(i) <= '9' && v <= 0xffffffffL) {
            v = v * 10 + (host.charAt(i++) - '0');
        }
        int cid = (int) (negative ? -v : v);
        if (cid < 0) {
            throw new EngineException(Errno.EINVAL, "net", "fio: invalid CID " + cid);
        }
        return cid;
    }

    /** 224.0.0.0 to 239.255.255.255, as fio's net.c tests a hostname for multicast. */
    static boolean isMulticast(String host) {
        String[] p = host.split("\\.", -1);
        if (p.length != 4) {
            return false;
        }
        try {
            int first = Integer.parseInt(p[0]);
            for (String q : p) {
                int v = Integer.parseInt(q);
                if (v < 0 || v > 255) {
                    return false;
                }
            }
            return first >= 224 && first <= 239;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** interface= as an IPv4 address in network order, as fio's inet_aton reads it. */
    static int ipv4(String ip) throws EngineException {
        String[] p = ip.split("\\.", -1);
        if (p.length == 4) {
            try {
                int v = 0;
                for (int i = 3; i >= 0; i--) {
                    int b = Integer.parseInt(p[i]);
                    if (b < 0 || b > 255) {
                        v = -1;
                        break;
                    }
                    v = (v << 8) | b;
                }
                if (v != -1 || ip.equals("255.255.255.255")) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // fall through to fio's message
            }
        }
        throw new EngineException(Errno.EINVAL, "net", "fio: interface not valid interface IP");
    }
}
