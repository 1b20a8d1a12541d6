package io.jfio.runner.verify;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What jfio reports for damaged data, as fio 3.42 does: one flipped byte in each of N random
 * blocks gives N failure lines with continue_on_error=verify (fio goes on, err=84 in the report,
 * exit 0); without it the first failure ends the job with err=84 and exit 1; verify_fatal=1 stops
 * at the first failure either way. verify_only=1 reads only: the file's checksum is unchanged.
 */
@Timeout(120)
class VerifyCorruptionTest {
    private static final int BLOCKS = 256;
    private static final Pattern FAIL = Pattern.compile(
            "crc32c: verify failed at file (\\S+) offset (\\d+), length 4096 \\(requested block: offset=(\\d+),"
                    + " length=4096, flags=88\\)\\n {7}Expected CRC: [0-9a-f]{8}\\n {7}Received CRC: [0-9a-f]{8}\\n");

    private static String[] job(Path f, String... extra) {
        List<String> a = new java.util.ArrayList<>(List.of("--name=c", "--filename=" + f, "--size=1M", "--bs=4k",
                "--rw=randwrite", "--verify=crc32c", "--ioengine=psync", "--verify_only=1"));
        a.addAll(List.of(extra));
        return a.toArray(new String[0]);
    }

    private static String sha(Path f) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f)));
    }

    @Test
    void verifyOnlyWritesNothingToIntactData() throws Exception {
        Path f = written();
        try {
            String clean = sha(f);
            StringBuilder ok = new StringBuilder();
            assertEquals(0, VerifyTools.jfio(job(f), ok), ok.toString());
            assertEquals(clean, sha(f), "verify_only=1 changed the file");
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Test
    void everyDamagedBlockIsReportedWithContinueOnError() throws Exception {
        Path f = written();
        try {
            TreeSet<Long> damaged = damage(f);
            StringBuilder all = new StringBuilder();
            assertEquals(0, VerifyTools.jfio(job(f, "--continue_on_error=verify"), all), all.toString());
            TreeSet<Long> seen = new TreeSet<>();
            Matcher m = FAIL.matcher(all);
            while (m.find()) {
                assertEquals(f.toString(), m.group(1));
                assertEquals(m.group(2), m.group(3));
                seen.add(Long.parseLong(m.group(2)));
            }
            assertEquals(damaged, seen, all.toString());
            assertTrue(all.toString().contains("err=84 ()"), all.toString());
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Test
    void verifyOnlyWritesNothingToDamagedData() throws Exception {
        Path f = written();
        try {
            damage(f);
            String corrupt = sha(f);
            VerifyTools.jfio(job(f, "--continue_on_error=verify"), new StringBuilder());
            assertEquals(corrupt, sha(f), "verify_only=1 changed the damaged file");
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Test
    void withoutContinueOnErrorTheFirstDamagedBlockEndsTheJobWithFiosError() throws Exception {
        Path f = written();
        try {
            damage(f);
            StringBuilder first = new StringBuilder();
            assertEquals(1, VerifyTools.jfio(job(f), first), first.toString());
            assertEquals(1, count(first), first.toString());
            assertTrue(first.toString().contains("err=84/file:io_u.c:2290, func=io_u_sync_complete, error=Invalid or"
                    + " incomplete multibyte or wide character"), first.toString());
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Test
    void verifyFatalStopsAtTheFirstDamagedBlockDespiteContinueOnError() throws Exception {
        Path f = written();
        try {
            damage(f);
            String corrupt = sha(f);
            StringBuilder fatal = new StringBuilder();
            VerifyTools.jfio(job(f, "--continue_on_error=verify", "--verify_fatal=1"), fatal);
            assertEquals(1, count(fatal), fatal.toString());
            assertEquals(corrupt, sha(f));
        } finally {
            Files.deleteIfExists(f);
        }
    }

    /** A fresh file the job wrote (with its verify headers); the caller deletes it. */
    private static Path written() throws Exception {
        Path f = Files.createTempFile(Path.of("/tmp"), "verify-corrupt", ".dat");
        Files.delete(f);
        StringBuilder log = new StringBuilder();
        String[] write = java.util.Arrays.stream(job(f)).filter(a -> !a.startsWith("--verify_only"))
                .toArray(String[]::new);
        assertEquals(0, VerifyTools.jfio(write, log), log.toString());
        return f;
    }

    /** Flips one byte in each of 7 seeded blocks; returns their offsets. */
    private static TreeSet<Long> damage(Path f) throws Exception {
        Random r = new Random(42);
        TreeSet<Long> damaged = new TreeSet<>();
        while (damaged.size() < 7) {
            damaged.add((long) r.nextInt(BLOCKS) * 4096);
        }
        for (long b : damaged) {
            // past the 52-byte header and checksum: the data checksum must catch it
            VerifyTools.flip(f, b + 100 + r.nextInt(3900));
        }
        return damaged;
    }

    private static int count(CharSequence s) {
        Matcher m = FAIL.matcher(s);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
