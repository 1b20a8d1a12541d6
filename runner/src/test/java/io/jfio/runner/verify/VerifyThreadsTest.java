package io.jfio.runner.verify;

import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.options.VerifyOptions;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * verify_async's threads as the job loop meets them: a completed read is handed over (its unit
 * is not free until it comes back checked), the check prints fio's async line, a failure that
 * continue_on_error does not cover ends the checking (what is still handed over comes back
 * unchecked, as fio's exited thread never checks it), a check that throws reaches the job
 * thread (as it would inline) with its unit back, and verify_async_cpus pins the threads.
 */
@Timeout(60)
class VerifyThreadsTest {
    private static final int BS = 4096;

    private static Verifier verifier(String extra, IoBuffers buffers, IoFile f, ByteArrayOutputStream err) {
        VerifyOptions vo = VerifyOptions.from(Jobs.parse("[t]\nrw=write\nbs=4k\nsize=64k\nverify=crc32c\n"
                + "verify_async=2\n" + extra).get(0));
        Verifier.Job job = new Verifier.Job(true, true, false, false, true, 4, 1, false, 16, false);
        return new Verifier(vo, job, buffers, List.of(f), new CountingSeeds(1), new PrintStream(err, true));
    }

    /**
     * A verifier with its threads started ({@code name}-verify-N) that has written blocks 0-3
     * through units 0-3 and starts reading them back.
     */
    private static Verifier wroteFour(IoBuffers buffers, IoFile f, ByteArrayOutputStream err, String name) {
        Verifier v = verifier("", buffers, f, err);
        v.startAsync(false, name);
        for (int n = 0; n < 4; n++) {
            IoUnit u = buffers.unit(n);
            u.ddir = IoDirection.WRITE;
            u.file = f;
            u.offset = (long) n * BS;
            u.length = BS;
            v.prepareWrite(u, 0, true);
            assertEquals(0, v.completed(u, true, false));
        }
        v.startReadBack();
        return v;
    }

    /** One bit of the unit's buffer flipped at {@code at}. */
    private static void damage(IoBuffers buffers, IoUnit u, int at) {
        ByteBuffer b = buffers.region().byteBuffer(u.bufferAddress - buffers.address(), BS);
        b.put(at, (byte) (b.get(at) ^ 1));
    }

    @Test
    void readsAreCheckedOnTheVerifyThreadsAndComeBackAfter() {
        IoFile f = new IoFile("/dev/w8async-test", 0);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (IoBuffers buffers = IoBuffers.allocate(4, BS, BS)) {
            Verifier v = wroteFour(buffers, f, err, "w8a");
            try {
                for (int i = 0; i < 4; i++) {
                    assertTrue(v.nextRead(buffers.unit(i)));
                }
                // the second read's data is damaged after its write was made in the same buffer
                damage(buffers, buffers.unit(1), 200);
                for (int i = 0; i < 4; i++) {
                    assertEquals(Verifier.HANDED_OFF, v.completed(buffers.unit(i), true, false));
                }
                assertEquals(4, v.verifying(), "no unit is free before its check");
                int[] units = new int[4];
                int[] codes = new int[4];
                int back = 0;
                int failed = 0;
                while (back < 4) {
                    int n = v.takeVerified(units, codes, true);
                    for (int i = 0; i < n; i++) {
                        failed += codes[i] != 0 ? 1 : 0;
                    }
                    back += n;
                }
                assertEquals(0, v.verifying());
                assertEquals(1, failed);
                assertEquals(1, v.failures());
                String text = err.toString(StandardCharsets.UTF_8);
                assertTrue(text.contains("crc32c: verify failed at file /dev/w8async-test offset 4096, length 4096"
                        + " (requested block: offset=4096, length=4096, flags=84)"), text);
            } finally {
                v.close();
            }
        }
    }

    @Test
    void aFailureWithoutContinueOnErrorEndsTheChecking() {
        IoFile f = new IoFile("/dev/w8async-test", 0);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (IoBuffers buffers = IoBuffers.allocate(4, BS, BS)) {
            Verifier v = wroteFour(buffers, f, err, "w8b");
            try {
                int[] units = new int[4];
                int[] codes = new int[4];
                int failed = 0;
                // one read at a time, every one damaged: only the first is checked and reported
                for (int i = 0; i < 4; i++) {
                    IoUnit u = buffers.unit(i);
                    assertTrue(v.nextRead(u));
                    damage(buffers, u, 300);
                    assertEquals(Verifier.HANDED_OFF, v.completed(u, true, false));
                    int n = v.takeVerified(units, codes, true);
                    assertEquals(1, n);
                    failed += codes[0] != 0 ? 1 : 0;
                }
                assertEquals(1, failed);
                String text = err.toString(StandardCharsets.UTF_8);
                assertEquals(1, text.split("verify failed", -1).length - 1, text);
            } finally {
                v.close();
            }
        }
    }

    @Test
    void aCheckThatThrowsFailsTheJobThreadInsteadOfHangingIt() {
        IoFile f = new IoFile("/dev/w8async-test", 0);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (IoBuffers buffers = IoBuffers.allocate(4, BS, BS)) {
            Verifier v = wroteFour(buffers, f, err, "w8c");
            try {
                IoUnit u = buffers.unit(0);
                assertTrue(v.nextRead(u));
                damage(buffers, u, 300);
                u.file = null; // the failure report reads the file's path: it throws on the verify thread
                assertEquals(Verifier.HANDED_OFF, v.completed(u, true, false));
                int[] units = new int[4];
                int[] codes = new int[4];
                assertThrows(NullPointerException.class, () -> {
                    while (v.verifying() > 0) {
                        v.takeVerified(units, codes, true);
                    }
                });
                assertEquals(0, v.verifying(), "the unit came back");
            } finally {
                v.close();
            }
        }
    }

    @Test
    void verifyAsyncCpusPinsTheThreads() throws Exception {
        String allowed = cpusAllowed(Path.of("/proc/self/status"));
        Assumptions.assumeTrue(allowed != null && Runtime.getRuntime().availableProcessors() > 1,
                "skipped: needs Linux and 2 CPUs");
        String one = allowed.split("[-,]")[0];
        IoFile f = new IoFile("/dev/w8async-test", 0);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (IoBuffers buffers = IoBuffers.allocate(4, BS, BS)) {
            Verifier v = verifier("verify_async_cpus=" + one + "\n", buffers, f, err);
            v.startAsync(false, "w8pin");
            try {
                long deadline = System.nanoTime() + 30_000_000_000L;
                int pinned = 0;
                while (pinned < 2 && System.nanoTime() < deadline) {
                    pinned = 0;
                    try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
                        for (Path t : tasks.toList()) {
                            if (comm(t).startsWith("w8pin-verify-") && one.equals(cpusAllowed(t.resolve("status")))) {
                                pinned++;
                            }
                        }
                    }
                    Thread.sleep(10);
                }
                assertEquals(2, pinned, "both verify threads on CPU " + one);
                assertEquals(allowed, cpusAllowed(Path.of("/proc/thread-self/status")), "the job thread stays");
                assertEquals("", err.toString(StandardCharsets.UTF_8));
            } finally {
                v.close();
            }
        }
    }

    private static String comm(Path task) {
        try {
            return Files.readString(task.resolve("comm")).trim();
        } catch (IOException e) {
            return ""; // the thread ended
        }
    }

    private static String cpusAllowed(Path status) {
        try {
            for (String l : Files.readAllLines(status)) {
                if (l.startsWith("Cpus_allowed_list:")) {
                    return l.substring(l.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }
}
