package io.jfio.runner.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.NetPeers;
import io.jfio.testsupport.Ports;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A UDP receiver counts the datagrams missing from the sender's sequence as dropped, as fio's
 * net.c verify_udp_seq: this test is the sender, with fio's 24-byte trailer (magic, seq, bs) and a
 * gap of three, and the receiver is jfio (NetUdpDropsFioIT: and fio; both report drop_ios 3).
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class NetUdpDropsTest {
    private static final long SEQ_MAGIC = 0x657375716e556563L;
    private static final int BS = 4096;

    /** Link-open, blocks with sequence numbers {@code seqs}, link-close: fio's UDP sender protocol. */
    private static void send(int port, long[] seqs) throws Exception {
        NetPeers.Listener.udp(port, 1).await();
        InetAddress lo = InetAddress.getLoopbackAddress();
        try (DatagramSocket s = new DatagramSocket()) {
            ByteBuffer open = ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN).putInt(0x6c696e6b).putInt(0x98);
            s.send(new DatagramPacket(open.array(), 8, lo, port));
            for (long seq : seqs) {
                ByteBuffer b = ByteBuffer.allocate(BS).order(ByteOrder.LITTLE_ENDIAN);
                b.putLong(BS - 24, SEQ_MAGIC).putLong(BS - 16, seq).putLong(BS - 8, BS);
                s.send(new DatagramPacket(b.array(), BS, lo, port));
                Thread.sleep(2); // loopback drops nothing at this pace: the gap below is the only loss
            }
            ByteBuffer close = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(0x6c696e6b).putInt(0x89);
            s.send(new DatagramPacket(close.array(), 8, lo, port));
        }
    }

    static JsonNode receive(boolean fio, long[] seqs) throws Exception {
        int port = Ports.freeUdp();
        List<String> args = new ArrayList<>(List.of("--name=r", "--ioengine=net", "--protocol=udp", "--port=" + port,
            "--rw=read", "--bs=" + BS, "--size=" + (64 * BS), "--output-format=json"));
        CompletableFuture<FioVsJfio.Outcome> run = CompletableFuture.supplyAsync(() -> {
            try {
                if (fio) {
                    List<String> cmd = new ArrayList<>(List.of(FioVsJfio.fio().toString()));
                    cmd.addAll(args);
                    return FioVsJfio.run(cmd, 120);
                }
                return FioVsJfio.jfio(args);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        send(port, seqs);
        FioVsJfio.Outcome o = run.get();
        assertEquals(0, o.rc(), o.err());
        return JsonParser.parseDocument(o.out()).get("jobs").elements().get(0).get("read");
    }

    /** Sequence numbers with a gap of three (4, 5 and 6 never sent). */
    static final long[] SEQS = {0, 1, 2, 3, 7, 8, 9};

    @Test
    void sequenceGapsAreDroppedIos() throws Exception {
        JsonNode j = receive(false, SEQS);
        assertEquals(7, j.getLong("total_ios"));
        assertEquals(3, j.getLong("drop_ios"));
    }
}
