package io.jfio.runner.verify;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * experimental_verify as fio does it: no write log; the read-back replays the job's offset
 * sequence with each write turned into the read that checks it (seed and numberio regenerated).
 * ExperimentalVerifyIT runs the same jobs through fio: the same reads, and on a damaged file fio
 * 3.42's failure lines in the same (random) order.
 */
@Timeout(120)
class ExperimentalVerifyTest {
    /** Three damaged blocks: three failures of three lines each. */
    static final long[] DAMAGED = {8192 + 100, 65536 + 100, 196608 + 1500};

    private static final Pattern DIR = Pattern.compile(
            "\"(read|write)\" : \\{\\s*\"io_bytes\" : (\\d+),.*?\"total_ios\" : (\\d+)", Pattern.DOTALL);

    static String[] job(Path f, String... extra) {
        List<String> a = new ArrayList<>(List.of("--name=e", "--filename=" + f, "--size=256k", "--bs=4k",
                "--rw=randwrite", "--verify=crc32c", "--ioengine=psync", "--experimental_verify=1"));
        a.addAll(List.of(extra));
        return a.toArray(new String[0]);
    }

    static String counts(String text) {
        StringBuilder sb = new StringBuilder();
        Matcher m = DIR.matcher(text);
        while (m.find()) {
            sb.append(m.group(1)).append('=').append(m.group(2)).append('/').append(m.group(3)).append(' ');
        }
        return sb.toString().trim();
    }

    static String failures(String text) {
        StringBuilder sb = new StringBuilder();
        for (String l : text.split("\n")) {
            if (l.startsWith("crc32c: verify failed") || l.startsWith("       Expected CRC")
                    || l.startsWith("       Received CRC") || l.startsWith("verify: ")) {
                sb.append(l).append('\n');
            }
        }
        return sb.toString();
    }

    @Test
    void theReplayReadsWhatTheJobWrote() throws Exception {
        Path f = Files.createTempFile(Path.of("/tmp"), "w2vfy-expver", ".dat");
        try {
            StringBuilder j = new StringBuilder();
            assertEquals(0, VerifyTools.jfio(job(f, "--output-format=json"), j), j.toString());
            assertEquals("read=262144/64 write=262144/64", counts(j.toString()), j.toString());
            assertTrue(!j.toString().contains("not supported"), j.toString());
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Test
    void aDamagedFileGivesAFailurePerBadBlock() throws Exception {
        Path f = Files.createTempFile(Path.of("/tmp"), "w2vfy-expver", ".dat");
        try {
            StringBuilder w = new StringBuilder();
            assertEquals(0, VerifyTools.jfio(job(f), w), w.toString());
            for (long at : DAMAGED) {
                VerifyTools.flip(f, at);
            }
            StringBuilder j = new StringBuilder();
            VerifyTools.jfio(job(f, "--verify_only=1", "--continue_on_error=verify"), j);
            assertEquals(9, failures(j.toString()).split("\n").length, j.toString());
            assertTrue(j.toString().contains("err=84"), j.toString());
        } finally {
            Files.deleteIfExists(f);
        }
    }

    /**
     * loops above 1 are fio's per-loop replays (ExperimentalVerifyLoopsIT); on a time_based job,
     * whose loops never end by amount, jfio warns and verifies from the log.
     */
    @Test
    void timeBasedWithLoopsWarnsAndVerifiesTheLog() throws Exception {
        Path f = Files.createTempFile(Path.of("/tmp"), "w2vfy-expver", ".dat");
        try {
            StringBuilder j = new StringBuilder();
            assertEquals(0, VerifyTools.jfio(job(f, "--loops=2", "--time_based", "--runtime=300ms"), j),
                    j.toString());
            assertTrue(j.toString().contains("option experimental_verify is not supported by jfio; ignored"),
                    j.toString());
            assertTrue(j.toString().contains("err= 0"), j.toString());
        } finally {
            Files.deleteIfExists(f);
        }
    }
}
