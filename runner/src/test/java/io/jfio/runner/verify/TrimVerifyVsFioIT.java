package io.jfio.runner.verify;

import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Trim verification against fio 3.42 on a loop device (whose discard reads back as zeroes): the
 * same writes are picked by trim_percentage (one trim_state draw per logged write), trimmed when
 * trim_backlog/trim_backlog_batch say so, and read back, so the read/write/trim I/O counts and
 * bytes are fio's, verify passes, and the messages fio prints (leaked trim entries; the seed
 * mismatch fio 3.42 itself runs into with trim_verify_zero=0) are the same. Skipped without fio
 * 3.42 (JFIO_FIO342 or /opt/fio-3.42-src/fio): fio 3.33 aborts on its fio_ro_check assertion for
 * any write job with trim_backlog, so there is nothing to compare with there.
 */
@Timeout(180)
@ExtendWith(LoopDevices.class)
class TrimVerifyVsFioIT {
    private static final Pattern DIR = Pattern.compile(
            "\"(read|write|trim)\" : \\{\\s*\"io_bytes\" : (\\d+),.*?\"total_ios\" : (\\d+)", Pattern.DOTALL);
    private static final Pattern ERR = Pattern.compile("\"error\" : (\\d+)");

    private static Path fio342() {
        String p = System.getProperty("JFIO_FIO342", System.getenv("JFIO_FIO342"));
        Path path = Path.of(p == null ? "/opt/fio-3.42-src/fio" : p);
        return Files.isExecutable(path) ? path : null;
    }

    private static String[] job(LoopDevice dev, String... extra) {
        List<String> a = new ArrayList<>(List.of("--name=t", "--filename=" + dev.device(), "--bs=4k", "--size=1M",
                "--direct=1", "--verify=crc32c", "--ioengine=psync", "--output-format=json"));
        a.addAll(List.of(extra));
        return a.toArray(new String[0]);
    }

    /** "error=E read=bytes/ios write=... trim=..." from a json report, plus fio's own message lines. */
    private static String summary(String text) {
        StringBuilder sb = new StringBuilder();
        Matcher e = ERR.matcher(text);
        sb.append("error=").append(e.find() ? e.group(1) : "none");
        Matcher m = DIR.matcher(text);
        while (m.find()) {
            sb.append(' ').append(m.group(1)).append('=').append(m.group(2)).append('/').append(m.group(3));
        }
        for (String l : text.split("\n")) {
            if (l.startsWith("fio: ") && l.contains("trim") || l.startsWith("verify: ") || l.startsWith("trim: ")) {
                sb.append('\n').append(l);
            }
        }
        return sb.toString();
    }

    private static String compare(Path fio, LoopDevice dev, String... extra) throws Exception {
        StringBuilder f = new StringBuilder();
        int frc = VerifyTools.fio(fio, job(dev, extra), f);
        StringBuilder j = new StringBuilder();
        int jrc = VerifyTools.jfio(job(dev, extra), j);
        String fs = summary(f.toString());
        String js = summary(j.toString());
        System.out.printf("%s%n  fio 3.42: rc=%d %s%n  jfio:     rc=%d %s%n", String.join(" ", extra), frc, fs, jrc, js);
        assertEquals(fs, js, String.join(" ", extra) + "\nfio:\n" + f + "\njfio:\n" + j);
        assertEquals(frc, jrc, String.join(" ", extra) + "\n" + j);
        return js;
    }

    @Test
    void trimCountsAndVerifyMatchFio(@Loop(mib = 16) LoopDevice dev) throws Exception {
        Path fio = fio342();
        Assumptions.assumeTrue(fio != null, "no fio 3.42 (JFIO_FIO342 or /opt/fio-3.42-src/fio)");
        String s = compare(fio, dev, "--rw=write", "--trim_percentage=50", "--trim_backlog=4");
        assertTrue(s.startsWith("error=0 read=1048576/256 write=1048576/256 trim="), s);
        assertTrue(!s.contains("trim=0/0"), "some blocks were trimmed: " + s);
        compare(fio, dev, "--rw=randwrite", "--trim_percentage=10", "--trim_backlog=1");
        // batches of 3 every 8 logged writes leave picked entries behind: fio says so
        assertTrue(compare(fio, dev, "--rw=randwrite", "--trim_percentage=100", "--trim_backlog=8",
                "--trim_backlog_batch=3").contains("trim entries leaked?"));
        // number_ios counts the trims too (fio's exceeds_number_ios)
        compare(fio, dev, "--rw=write", "--trim_percentage=50", "--trim_backlog=1", "--number_ios=64");
    }

    /**
     * With I/O in flight (libaio, deep queue) number_ios is reached while picked writes still wait
     * for their trim: fio's do_io loops on while its trim_list is not empty (more writes, more
     * trims), and stops at the job's size without taking a due trim.
     */
    @Test
    void deepQueueKeepsIssuingWhilePickedWritesWaitAsFiosDoes(@Loop(mib = 16) LoopDevice dev) throws Exception {
        Path fio = fio342();
        Assumptions.assumeTrue(fio != null, "no fio 3.42 (JFIO_FIO342 or /opt/fio-3.42-src/fio)");
        String s = compare(fio, dev, "--ioengine=libaio", "--iodepth=32", "--rw=write", "--trim_percentage=50",
                "--trim_backlog=1", "--number_ios=64");
        assertTrue(!s.contains("write=262144/64 "), "more than number_ios writes, as fio: " + s);
        compare(fio, dev, "--ioengine=libaio", "--iodepth=16", "--rw=randwrite", "--trim_percentage=100",
                "--trim_backlog=2");
    }

    /**
     * loops above 1: each loop writes, trims and reads back on its own, and randrepeat's
     * clear_io_state seeds trim_state again, so every loop picks the same writes (loops=3: 3 x
     * the first loop's trims) and each do_io's end reports its own leaked entries.
     */
    @Test
    void everyLoopTrimsAndReadsBackAsFiosDoes(@Loop(mib = 16) LoopDevice dev) throws Exception {
        Path fio = fio342();
        Assumptions.assumeTrue(fio != null, "no fio 3.42 (JFIO_FIO342 or /opt/fio-3.42-src/fio)");
        String s = compare(fio, dev, "--rw=randwrite", "--size=256k", "--loops=3", "--trim_percentage=50",
                "--trim_backlog=4");
        assertTrue(s.startsWith("error=0 read=786432/192 write=786432/192 trim="), s);
        assertTrue(compare(fio, dev, "--rw=randwrite", "--size=256k", "--loops=2", "--ioengine=libaio",
                "--trim_percentage=50", "--trim_backlog=4").split("trim entries leaked\\?", -1).length == 3,
                "one leak line per loop");
    }

    /**
     * trim_verify_zero=0 takes a trimmed block out of the write log, and fio 3.42's read-back then
     * checks the next block against the seed the dropped one would have had: the job fails with a
     * "bad header rand_seed" line. jfio does what fio does, failure included.
     */
    @Test
    void withoutTrimVerifyZeroTheReadBackFailsAsFiosDoes(@Loop(mib = 16) LoopDevice dev) throws Exception {
        Path fio = fio342();
        Assumptions.assumeTrue(fio != null, "no fio 3.42 (JFIO_FIO342 or /opt/fio-3.42-src/fio)");
        String s = compare(fio, dev, "--rw=write", "--trim_percentage=30", "--trim_backlog=2", "--trim_verify_zero=0");
        assertTrue(s.contains("verify: bad header rand_seed"), s);
    }
}
