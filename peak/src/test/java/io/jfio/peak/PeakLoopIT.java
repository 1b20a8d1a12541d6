package io.jfio.peak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * jfio-peak as a separate process on a real loop device (root), checking every line against
 * t/io_uring's format (fio's t/io_uring.c). Short runs (-r2): the figures are not asserted.
 */
@ExtendWith(LoopDevices.class)
class PeakLoopIT {
    private static final Pattern SUBMITTER =
        Pattern.compile("submitter=\\d+, tid=\\d+, file=/dev/loop\\d+, nfiles=1, node=-1");
    private static final Pattern SETTINGS =
        Pattern.compile("polled=[01], fixedbufs=[01], register_files=[01], buffered=[01], QD=\\d+");
    private static final Pattern ENGINE = Pattern.compile("Engine=io_uring, sq_ring=\\d+, cq_ring=\\d+");
    private static final String IOPS = "(\\d+|\\d+\\.\\d\\d[KM])";
    private static final Pattern INTERVAL =
        Pattern.compile("IOPS=" + IOPS + ", BW=(\\d+MiB/s|\\d+\\.\\d\\dGiB/s), IOS/call=-?\\d+/-?\\d+");
    private static final Pattern NOP_INTERVAL = Pattern.compile("IOPS=" + IOPS + ", IOS/call=-?\\d+/-?\\d+");
    private static final Pattern MAXIMUM = Pattern.compile("Maximum IOPS=" + IOPS);

    private static LoopDevice loop;

    @BeforeAll
    static void attach(@Loop(mib = 64, directIo = true) LoopDevice loopParam) {
        loop = loopParam;
    }

    private record Result(int status, List<String> lines) {
    }

    private static Result peak(String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Djnr.ffi.x86asm.enabled=false");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(PeakMain.class.getName());
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "jfio-peak did not finish"); // generous: only a hang may fail it
        return new Result(p.exitValue(), List.of(new String(out, StandardCharsets.UTF_8).split("\n")));
    }

    private static void assertWellFormed(Result r, boolean nop) {
        String all = String.join("\n", r.lines());
        assertEquals(0, r.status(), all);
        int intervals = 0;
        for (String line : r.lines()) {
            if (SUBMITTER.matcher(line).matches() || SETTINGS.matcher(line).matches()
                || ENGINE.matcher(line).matches() || MAXIMUM.matcher(line).matches()
                || line.equals("Exiting on timeout")) {
                continue;
            }
            if ((nop ? NOP_INTERVAL : INTERVAL).matcher(line).matches()) {
                intervals++;
                continue;
            }
            throw new AssertionError("malformed line '" + line + "' in:\n" + all);
        }
        assertEquals(1, intervals, "-r2 prints one interval (the last is not printed):\n" + all);
        assertTrue(r.lines().contains("Exiting on timeout"), all);
        assertTrue(r.lines().stream().anyMatch(l -> MAXIMUM.matcher(l).matches()), all);
    }

    @Test
    void fixedBuffersWithRegisteredFilesRun() throws Exception {
        Result r = peak("-d32", "-s8", "-c8", "-b4096", "-B1", "-F1", "-O1", "-p0", "-r2", loop.device());
        assertWellFormed(r, false);
        assertTrue(r.lines().contains("polled=0, fixedbufs=1, register_files=1, buffered=0, QD=32"), r.lines().toString());
        assertTrue(r.lines().contains("Engine=io_uring, sq_ring=32, cq_ring=32"), r.lines().toString());
    }

    @Test
    void nop() throws Exception {
        Result r = peak("-N1", "-r2", loop.device());
        assertWellFormed(r, true);
        assertTrue(r.lines().contains("polled=1, fixedbufs=1, register_files=1, buffered=0, QD=128"), r.lines().toString());
    }

    @Test
    void plainVectoredSequentialBuffered() throws Exception {
        Result r = peak("-d8", "-s4", "-c4", "-B0", "-F0", "-X0", "-V1", "-R0", "-O0", "-p0", "-r2", loop.device());
        assertWellFormed(r, false);
    }

    @Test
    void latencyPercentiles() throws Exception {
        Result r = peak("-d8", "-s4", "-c4", "-p0", "-t1", "-r2", loop.device());
        String all = String.join("\n", r.lines());
        assertTrue(r.lines().stream().anyMatch(l -> l.matches("\\d+: Latency percentiles:")), all);
        assertTrue(r.lines().stream().anyMatch(l -> l.matches("    percentiles \\((nsec|usec)\\):")), all);
        assertTrue(r.lines().stream().anyMatch(l -> l.matches("     \\|.* 99\\.9900th=\\[ *\\d+\\]")), all);
    }

    @Test
    void polledOnLoopFailsLikeTIoUring() throws Exception {
        Result r = peak("-d8", "-p1", "-r2", loop.device());
        assertTrue(r.lines().contains("io: unexpected ret=-95"), r.lines().toString());
        assertTrue(r.lines().contains("Your filesystem/driver/kernel doesn't support polled IO"), r.lines().toString());
        assertEquals(0, r.status());
    }

    @Test
    void noArgumentsGiveTheUsage() throws Exception {
        Result none = peak();
        assertEquals(1, none.status());
        assertEquals("jfio-peak [options] -- [filenames]", none.lines().get(0));
    }

    @Test
    void noFilesAreRefused() throws Exception {
        Result noFiles = peak("-d4");
        assertEquals(1, noFiles.status());
        assertEquals("No files specified", noFiles.lines().get(0));
    }

    @Test
    void passthroughNeedsAGenericNvmeDevice() throws Exception {
        Result pt = peak("-u1", "-r1", loop.device());
        assertEquals(1, pt.status());
        assertTrue(pt.lines().contains("passthrough works with only nvme-ns generic devices (/dev/ngXnY)"), pt.lines().toString());
    }
}
