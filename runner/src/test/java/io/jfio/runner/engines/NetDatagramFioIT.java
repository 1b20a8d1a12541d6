package io.jfio.runner.engines;

import io.jfio.testsupport.Ports;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;

/**
 * NetDatagramTest's net jobs (UDP, IPv6, multicast, refused jobs) run by the installed fio and by
 * jfio on the same job file: the same accept/reject and the same io_bytes/total_ios.
 */
class NetDatagramFioIT {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private static Outcome fio(Path job) throws IOException {
        return FioVsJfio.run(List.of(FioVsJfio.fio().toString(), job.toString(), "--output-format=json"), 60);
    }

    /**
     * fio's run of a loopback pair, the reference: fio's own sender sometimes meets ECONNRESET on a
     * loaded machine (its receiver closes first), so up to three tries on fresh ports, then a skip
     * naming fio's failure: without a reference there is nothing to compare jfio with.
     */
    private Outcome reference(String name, IoSupplier<String> job) throws IOException {
        Outcome f = null;
        for (int i = 0; i < 3; i++) {
            f = fio(write(name, job.get()));
            if (f.rc() == 0) {
                return f;
            }
        }
        assumeTrue(false, "skipped: fio's own run failed 3 times here: " + f.both());
        return f;
    }

    @FunctionalInterface
    private interface IoSupplier<T> {
        T get() throws IOException;
    }

    @ParameterizedTest
    @ValueSource(strings = {"udp", "udpv6", "udp pingpong"})
    void udpPairMovesEveryDatagramAsFioDoes(String mode) throws Exception {
        String proto = mode.split(" ")[0];
        boolean pingpong = mode.endsWith("pingpong");
        assumeTrue(!proto.endsWith("v6") || NetDatagramTest.ipv6Loopback(), "skipped: no IPv6 loopback (::1)");
        Outcome f = reference("udp.fio", () -> NetDatagramTest.pair(proto, NetDatagramTest.freeUdpPort(), "64k", pingpong));
        Outcome j = NetDatagramTest.jfio(write("udp.fio",
                NetDatagramTest.pair(proto, NetDatagramTest.freeUdpPort(), "64k", pingpong)));
        assertEquals(0, j.rc(), j.both());
        List<List<Long>> ff = NetDatagramTest.figures(f);
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
        Outcome f = reference("tcp6.fio", () -> NetDatagramTest.pair("tcpv6", Ports.free(), "1m", false));
        Outcome j = NetDatagramTest.jfio(write("tcp6.fio",
                NetDatagramTest.pair("tcpv6", Ports.free(), "1m", false)));
        assertEquals(0, j.rc(), j.both());
        List<List<Long>> ff = NetDatagramTest.figures(f);
        List<List<Long>> jf = NetDatagramTest.figures(j);
        System.out.printf("net tcpv6: fio %s, jfio %s%n", ff, jf);
        // the sender's figures are exact in both; fio's TCP receiver counts short reads as I/Os
        assertEquals(ff.get(1), jf.get(1));
    }

    @Test
    void multicastCorpusJobRunsOverLoopbackAsFio() throws Exception {
        String text = NetDatagramTest.multicastJob();
        Outcome f = fio(write("m.fio", text));
        assumeTrue(f.rc() == 0, "skipped: fio cannot multicast here: " + f.both());
        Outcome j = NetDatagramTest.jfio(write("m.fio", text));
        assertEquals(0, j.rc(), j.both());
        List<List<Long>> ff = NetDatagramTest.figures(f);
        List<List<Long>> jf = NetDatagramTest.figures(j);
        System.out.printf("net multicast: fio %s, jfio %s%n", ff, jf);
        assertEquals(ff.get(0), jf.get(0));
        assertEquals(ff.get(2).get(2) / 64, ff.get(2).get(3));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusesWhatFioRefuses(String opts) throws Exception {
        String text = NetDatagramTest.refusedJob(opts);
        Outcome f = fio(write("bad.fio", text));
        assertTrue(f.rc() != 0, "fio accepted it: " + f.both());
        Outcome j = NetDatagramTest.jfio(write("bad.fio", text));
        assertTrue(j.rc() != 0, "jfio accepted what fio refuses: " + j.both());
    }

    static Stream<String> refused() {
        return NetDatagramTest.refused();
    }
}
