package io.jfio.multi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One host of {@code jfio-multi --hosts}: what ssh is given ({@code [user@]host}) and an optional
 * port, written {@code host,port} as fio's --client takes it (fio's {@code ip:}/{@code ip6:}
 * prefixes are accepted and dropped: ssh resolves the name).
 *
 * @param name the host as written (the report's hostname)
 * @param port the ssh port, 0 for ssh's own choice (the ssh config's or 22)
 */
public record HostSpec(String name, String target, int port) {

    public static HostSpec parse(String s) {
        String t = s.trim();
        if (t.startsWith("ip:") || t.startsWith("ip6:")) {
            t = t.substring(t.indexOf(':') + 1);
        }
        int port = 0;
        int comma = t.lastIndexOf(',');
        if (comma > 0) {
            try {
                port = Integer.parseInt(t.substring(comma + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad port in host " + s);
            }
            t = t.substring(0, comma);
        }
        if (t.isEmpty() || t.startsWith("-") || t.contains(" ")) {
            throw new IllegalArgumentException("bad host name '" + s + "'");
        }
        return new HostSpec(t, t, port);
    }

    /** --hosts h1,h2 (a port goes after a comma too: give such hosts in a hosts file). */
    public static List<HostSpec> list(String commaSeparated) {
        List<HostSpec> out = new ArrayList<>();
        for (String h : commaSeparated.split(",")) {
            if (!h.isBlank()) {
                out.add(parse(h));
            }
        }
        return out;
    }

    /** fio's --client host list: one host per line; blank lines and # comments are skipped. */
    public static List<HostSpec> file(Path p) throws IOException {
        List<HostSpec> out = new ArrayList<>();
        for (String line : Files.readAllLines(p)) {
            String l = line.strip();
            if (!l.isEmpty() && !l.startsWith("#")) {
                out.add(parse(l));
            }
        }
        return out;
    }

    /** The port fio's client-mode JSON prints: the one given, else ssh's default 22. */
    public int reportedPort() {
        return port == 0 ? 22 : port;
    }
}
