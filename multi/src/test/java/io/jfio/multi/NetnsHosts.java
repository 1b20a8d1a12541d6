package io.jfio.multi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.Assumptions;

/**
 * Test "hosts" on this machine: each a network namespace {@code hosts-nsN} with a veth pair
 * (10.231.N.1 here, 10.231.N.2 there) and its own sshd started with a throwaway host key and
 * user key; an ssh config names them h1..hN. The JUnit extension builds them before the class
 * and tears everything down after it, also when a test failed (and clears leftovers of an
 * earlier, killed run first). Skipped with the reason when not root or sshd/ip are absent.
 * Each host's sshd sets {@code JFIO_DEV} (sshd_config SetEnv) to the device given for it.
 */
final class NetnsHosts implements BeforeAllCallback, AfterAllCallback {
    static final int MAX = 3;
    private static final Path SSHD = Path.of("/usr/sbin/sshd");
    private static final Path IP = Path.of("/usr/sbin/ip");

    private static Path dir;
    private static final List<Process> daemons = new ArrayList<>();
    private static int count;

    /** The ssh command line that reaches the hosts: {@code ssh -F config}. */
    static String ssh() {
        return "ssh -F " + dir.resolve("ssh_config");
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        String why = null;
        if (!"root".equals(System.getProperty("user.name"))) {
            why = "network namespaces need root";
        } else if (!Files.isExecutable(SSHD) || !Files.isExecutable(IP)) {
            why = "needs " + SSHD + " and " + IP + " (apt-get install -y openssh-server iproute2)";
        }
        String reason = why;
        Assumptions.assumeTrue(reason == null, () -> "skipped: " + reason);
        teardown(); // leftovers of a run that was killed
        dir = Files.createTempDirectory("hosts-rig");
    }

    /** Starts hosts h1..h(devices.length), host i's JFIO_DEV being devices[i-1]. */
    static void start(String... devices) throws Exception {
        if (devices.length > MAX) {
            throw new IllegalArgumentException("at most " + MAX + " hosts");
        }
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("hostkey").toString());
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("userkey").toString());
        Files.copy(dir.resolve("userkey.pub"), dir.resolve("authorized_keys"));
        Files.createDirectories(Path.of("/run/sshd")); // sshd's privilege separation directory
        StringBuilder client = new StringBuilder();
        for (int i = 1; i <= devices.length; i++) {
            String ns = "hosts-ns" + i;
            run("ip", "netns", "add", ns);
            count = i;
            run("ip", "link", "add", "hosts-h" + i, "type", "veth", "peer", "name", "hosts-p" + i);
            run("ip", "link", "set", "hosts-p" + i, "netns", ns);
            run("ip", "addr", "add", "10.231." + i + ".1/24", "dev", "hosts-h" + i);
            run("ip", "link", "set", "hosts-h" + i, "up");
            run("ip", "netns", "exec", ns, "ip", "addr", "add", "10.231." + i + ".2/24", "dev", "hosts-p" + i);
            run("ip", "netns", "exec", ns, "ip", "link", "set", "hosts-p" + i, "up");
            run("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up");
            Path conf = dir.resolve("sshd" + i + ".conf");
            Files.writeString(conf, "ListenAddress 10.231." + i + ".2\nPort 22\nHostKey " + dir.resolve("hostkey")
                    + "\nAuthorizedKeysFile " + dir.resolve("authorized_keys") + "\nPidFile " + dir.resolve("sshd" + i + ".pid")
                    + "\nPermitRootLogin prohibit-password\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n"
                    + "UsePAM no\nStrictModes no\nSetEnv JFIO_DEV=" + devices[i - 1] + "\n");
            daemons.add(new ProcessBuilder("ip", "netns", "exec", ns, SSHD.toString(), "-D", "-e", "-f", conf.toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("sshd" + i + ".log").toFile()).start());
            client.append("Host h").append(i).append("\n  HostName 10.231.").append(i).append(".2\n  User root\n")
                    .append("  IdentityFile ").append(dir.resolve("userkey")).append('\n')
                    .append("  StrictHostKeyChecking no\n  UserKnownHostsFile /dev/null\n  LogLevel ERROR\n");
        }
        Files.writeString(dir.resolve("ssh_config"), client.toString());
        for (int i = 1; i <= devices.length; i++) {
            awaitSsh(i);
        }
    }

    /** Kills every process of host i's namespace (its sshd and what runs under it): the host "dies". */
    static void kill(int i) throws Exception {
        Process p = new ProcessBuilder("ip", "netns", "pids", "hosts-ns" + i).redirectErrorStream(true).start();
        String pids = new String(p.getInputStream().readAllBytes()).trim();
        p.waitFor(10, TimeUnit.SECONDS);
        for (String pid : pids.split("\\s+")) {
            if (!pid.isEmpty()) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    private static void awaitSsh(int i) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < end) {
            Process p = new ProcessBuilder("ssh", "-F", dir.resolve("ssh_config").toString(), "-o", "BatchMode=yes",
                    "-o", "ConnectTimeout=2", "h" + i, "true").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("sshd of host h" + i + " did not answer within 20 s: "
                + Files.readString(dir.resolve("sshd" + i + ".log")));
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        teardown();
    }

    private static void teardown() throws Exception {
        for (int i = 1; i <= MAX; i++) {
            if (exists("hosts-ns" + i)) {
                kill(i);
                quiet("ip", "netns", "del", "hosts-ns" + i);
            }
            quiet("ip", "link", "del", "hosts-h" + i); // gone with the namespace's peer, normally
        }
        for (Process d : daemons) {
            d.destroyForcibly();
            d.waitFor(10, TimeUnit.SECONDS);
        }
        daemons.clear();
        count = 0;
        if (dir != null) {
            try (var s = Files.walk(dir)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
            dir = null;
        }
    }

    private static boolean exists(String ns) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
        String list = new String(p.getInputStream().readAllBytes());
        p.waitFor(10, TimeUnit.SECONDS);
        return List.of(list.split("\\s+")).contains(ns);
    }

    private static void run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed: " + out);
        }
    }

    private static void quiet(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        p.waitFor(30, TimeUnit.SECONDS);
    }
}
