package io.jfio.runner.engines;

import io.jfio.testsupport.Ports;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;
import io.jfio.runner.support.NetPeers;

/**
 * NetDatagramTest's net jobs (UDP, IPv6, multicast, refused jobs) run by the installed fio and by
 * jfio on the same job file: the same accept/reject and the same io_bytes/total_ios.
 */
@Timeout(value = 600, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class NetDatagramFioIT {
    @TempDir
    Path dir;

    private static Outcome fio(Path job) throws IOException {
        return fio(job, List.of());
    }

    /** fio's run of the job file's {@code sections} (all of them when none is named). */
    private static Outcome fio(Path job, List<String> sections) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(FioVsJfio.fio().toString(), job.toString(), "--output-format=json"));
        sections.forEach(s -> cmd.add("--section=" + s));
        return FioVsJfio.run(cmd, 60);
    }

    /**
     * fio's run of a net job file as two processes in a fixed order, the {@code listening} jobs
     * first and the {@code peers} once {@code listener} is up (fio has no such wait of its own, and
     * its sender's startdelay loses the race on a loaded machine); the outcomes in that order.
     */
    private static List<Outcome> fioInOrder(Path job, NetPeers.Listener listener, List<String> listening,
            List<String> peers) throws Exception {
        return NetPeers.listenerFirst(() -> fio(job, listening), listener, () -> fio(job, peers));
    }

    /** Per job of the runs, in their order: NetDatagramTest's figures. */
    private static List<List<Long>> figures(List<Outcome> runs) {
        List<List<Long>> r = new ArrayList<>();
        runs.forEach(o -> r.addAll(NetDatagramTest.figures(o)));
        return r;
    }

    /**
     * fio's figures for a receiver/sender pair, the reference: fio's own sender sometimes meets
     * ECONNRESET on a loaded machine (its receiver closes first), so up to three tries on fresh
     * ports, then a skip naming fio's failure: without a reference there is nothing to compare jfio with.
     */
    private List<List<Long>> reference(String name, String proto, IntFunction<String> job) throws Exception {
        List<Outcome> f = null;
        for (int i = 0; i < 3; i++) {
            int port = proto.startsWith("udp") ? Ports.freeUdp() : Ports.free();
            Path p = Files.writeString(dir.resolve(name), job.apply(port));
            f = fioInOrder(p, NetPeers.Listener.of(proto, port, null, 1),
                List.of("receiver"), List.of("sender"));
            if (f.get(0).rc() == 0 && f.get(1).rc() == 0) {
                return figures(f);
            }
        }
        assumeTrue(false, "skipped: fio's own run failed 3 times here: " + f.get(0).both() + f.get(1).both());
        return null;
    }

    @ParameterizedTest
    @ValueSource(strings = {"udp", "udpv6", "udp pingpong"})
    void udpPairMovesEveryDatagramAsFioDoes(String mode) throws Exception {
        String proto = mode.split(" ")[0];
        boolean pingpong = mode.endsWith("pingpong");
        assumeTrue(!proto.endsWith("v6") || NetDatagramTest.ipv6Loopback(), "skipped: no IPv6 loopback (::1)");
        List<List<Long>> ff = reference("udp.fio", proto, port -> NetDatagramTest.pair(proto, port, "64k", pingpong));
        int port = Ports.freeUdp();
        Outcome j = NetDatagramTest.jfioPair(proto, port, NetDatagramTest.pair(proto, port, "64k", pingpong));
        assertEquals(0, j.rc(), j.both());
        List<List<Long>> jf = NetDatagramTest.figures(j);
        System.out.printf("net %s: fio %s, jfio %s%n", mode, ff, jf);
        if (pingpong) {
            // fio counts the reply of a pingpong I/O in neither direction: only the issued ones are compared
            assertEquals(ff.get(1).subList(2, 4), jf.get(1).subList(2, 4));
        } else {
            assertEquals(ff, jf);
        }
    }

    @Test
    void tcpv6PairOverIpv6LoopbackAsFio() throws Exception {
        assumeTrue(NetDatagramTest.ipv6Loopback(), "skipped: no IPv6 loopback (::1)");
        List<List<Long>> ff = reference("tcp6.fio", "tcpv6", port -> NetDatagramTest.pair("tcpv6", port, "1m", false));
        int port = Ports.free();
        Outcome j = NetDatagramTest.jfioPair("tcpv6", port, NetDatagramTest.pair("tcpv6", port, "1m", false));
        assertEquals(0, j.rc(), j.both());
        List<List<Long>> jf = NetDatagramTest.figures(j);
        System.out.printf("net tcpv6: fio %s, jfio %s%n", ff, jf);
        // the sender's figures are exact in both; fio's TCP receiver counts short reads as I/Os
        assertEquals(ff.get(1), jf.get(1));
    }

    @Test
    void multicastCorpusJobRunsOverLoopbackAsFio() throws Exception {
        int port = Ports.freeUdp();
        Path job = Files.writeString(dir.resolve("m.fio"), NetDatagramTest.multicastJob(port));
        List<Outcome> f = fioInOrder(job, NetPeers.Listener.udp(port, 2),
            List.of("pingpong_reader", "normal_reader"), List.of("pingpong_writer"));
        assumeTrue(f.get(0).rc() == 0 && f.get(1).rc() == 0,
            "skipped: fio cannot multicast here: " + f.get(0).both() + f.get(1).both());
        port = Ports.freeUdp();
        Outcome j = NetDatagramTest.jfioMulticast(port);
        assertEquals(0, j.rc(), j.both());
        List<List<Long>> ff = figures(f);
        List<List<Long>> jf = NetDatagramTest.figures(j);
        System.out.printf("net multicast: fio %s, jfio %s%n", ff, jf);
        assertEquals(ff.get(0), jf.get(0));
        assertEquals(ff.get(2).get(2) / 64, ff.get(2).get(3));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusesWhatFioRefuses(String opts) throws Exception {
        String text = NetDatagramTest.refusedJob(opts);
        Outcome f = fio(Files.writeString(dir.resolve("bad.fio"), text));
        assertTrue(f.rc() != 0, "fio accepted it: " + f.both());
        Outcome j = NetDatagramTest.jfio(Files.writeString(dir.resolve("bad.fio"), text));
        assertTrue(j.rc() != 0, "jfio accepted what fio refuses: " + j.both());
    }

    static Stream<String> refused() {
        return NetDatagramTest.refused();
    }
}
