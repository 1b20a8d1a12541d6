package io.jfio.netproto;

import io.jfio.report.DirectionStats;
import io.jfio.report.GroupResult;
import io.jfio.report.JobResult;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NetProtoTest {
    @Test
    void crc16IsFiosPolynomial() {
        // CRC-16/ARC check value of "123456789"
        assertEquals(0xBB3D, Crc16.of("123456789".getBytes(), 0, 9));
    }

    @Test
    void threadStatSurvivesTheWire() {
        JobResult ts = new JobResult();
        ts.name = "reader";
        ts.groupId = 2;
        ts.pid = 4242;
        ts.usrTimeMs = 17;
        ts.ctx = 99;
        DirectionStats r = ts.dir(DirectionStats.READ);
        for (long ns = 100; ns < 100_000; ns += 37) {
            r.recordClat(ns);
        }
        r.totalIos = r.clat.samples();
        r.ioBytes = r.totalIos * 4096;
        r.runtimeMs = 1234;
        ts.ioDepth.add(0, r.totalIos);
        GroupResult g = GroupResult.of(2, List.of(ts));
        byte[] wire = WireStats.encodeTs(ts, 3, g);
        assertEquals(WireStats.TS_PDU_SIZE, wire.length);
        assertEquals(3, ByteBuffer.wrap(wire).order(ByteOrder.LITTLE_ENDIAN).getInt(260));
        GroupResult[] back = new GroupResult[1];
        JobResult t = WireStats.decodeTs(wire, back);
        assertEquals("reader", t.name);
        assertEquals(2, t.groupId);
        assertEquals(4242, t.pid);
        assertEquals(17, t.usrTimeMs);
        assertEquals(99, t.ctx);
        DirectionStats tr = t.dir(DirectionStats.READ);
        assertEquals(r.totalIos, tr.totalIos);
        assertEquals(r.ioBytes, tr.ioBytes);
        assertEquals(r.clat.min(), tr.clat.min());
        assertEquals(r.clat.max(), tr.clat.max());
        assertEquals(r.clat.mean(), tr.clat.mean(), 0);
        assertEquals(r.clat.stddev(), tr.clat.stddev(), 1e-9 * r.clat.stddev());
        for (int i = 0; i < io.jfio.report.LatencyHistogram.PLAT_NR; i++) {
            assertEquals(r.clatHist.bucket(i), tr.clatHist.bucket(i), "bin " + i);
        }
        assertEquals(r.totalIos, t.ioDepth.count(0));
        assertArrayEquals(ts.report.percentiles(), t.report.percentiles());
        assertEquals(g.ioBytes[0], back[0].ioBytes[0]);
        assertEquals(g.maxRun[0], back[0].maxRun[0]);
        assertEquals(2, back[0].groupId);
    }

    @Test
    void commandsSurviveFragmentation() throws IOException {
        try (ServerSocket l = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket a = new Socket(InetAddress.getLoopbackAddress(), l.getLocalPort());
             Socket b = l.accept()) {
            NetConnection out = new NetConnection(a);
            NetConnection in = new NetConnection(b);
            byte[] big = new byte[5000];
            for (int i = 0; i < big.length; i++) {
                big[i] = (byte) (i * 7);
            }
            out.send(FioNet.TS, 77, big);
            out.send(FioNet.QUIT, new byte[0]);
            NetCommand c = in.receive();
            assertEquals(FioNet.TS, c.opcode());
            assertArrayEquals(big, c.payload());
            assertEquals(FioNet.QUIT, in.receive().opcode());
        }
    }

    @Test
    void anotherProtocolVersionIsNamedNotAwaited() throws IOException {
        try (ServerSocket l = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket a = new Socket(InetAddress.getLoopbackAddress(), l.getLocalPort());
             Socket b = l.accept()) {
            new NetConnection(a).send(97, FioNet.PROBE, 1, new byte[136]);
            ProtocolException e = assertThrows(ProtocolException.class, () -> new NetConnection(b).receive());
            assertEquals(97, e.peerVersion);
            assertTrue(e.getMessage().contains("protocol version 97 (fio 3.33), jfio speaks 120 (fio 3.42)"),
                    e.getMessage());
        }
    }

    @Test
    void serverAddressesAsFioWritesThem() {
        assertEquals(new FioServer.BindAddress(null, 8765), FioServer.BindAddress.parse(null));
        assertEquals(new FioServer.BindAddress(null, 8766), FioServer.BindAddress.parse(",8766"));
        assertEquals(new FioServer.BindAddress("10.0.0.1", 8765), FioServer.BindAddress.parse("ip:10.0.0.1"));
        assertEquals(new FioServer.BindAddress("h1", 9000), FioServer.BindAddress.parse("h1,9000"));
        assertThrows(IllegalArgumentException.class, () -> FioServer.BindAddress.parse("h1,99999"));
        assertThrows(IllegalArgumentException.class, () -> FioServer.BindAddress.parse("sock:/tmp/x"));
    }

    @Test
    void jobLineRoundTrip() {
        byte[] p = FioClient.jobLine(List.of("--output-format=json"));
        assertEquals(List.of("--output-format=json"), FioServer.jobLine(p));
        assertEquals("[j]\nrw=read\n", FioServer.jobText(FioClient.jobPdu("[j]\nrw=read\n")));
    }
}
