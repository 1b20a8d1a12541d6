package io.jfio.runner.verify;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The verify options that shape what is written and when it is read back still verify: the job
 * passes on intact data, and the same options catch one damaged block on a verify_only pass
 * (err=84, exit 1, as fio). verify_dump=1 leaves fio's .received/.expected files.
 */
@Timeout(120)
class VerifyOptionsRunTest {
    private static String[] job(Path f, String rw, String extra) {
        List<String> a = new ArrayList<>(List.of("--name=v", "--filename=" + f, "--size=256k", "--bs=4k",
                "--rw=" + rw, "--ioengine=psync"));
        a.addAll(Arrays.asList(extra.split(" ")));
        return a.toArray(new String[0]);
    }

    /** Verify options, each with the method it modifies. */
    static List<String> verifyOptions() {
        return List.of(
            "--verify=pattern --verify_pattern=0xdeadbeef",
            "--verify=pattern --verify_pattern=0x01020304 --verify_pattern_interval=512",
            "--verify=crc32c --verify_backlog=8",
            "--verify=crc32c --verify_backlog=8 --verify_backlog_batch=4",
            "--verify=md5 --verify_write_sequence=0",
            "--verify=crc32c --verify_header_seed=0",
            "--verify=crc32c --verify_interval=1024 --verify_offset=100");
    }

    @ParameterizedTest
    @MethodSource("verifyOptions")
    void optionsVerifyIntactData(String extra) throws Exception {
        Path f = Files.createTempFile(Path.of("/tmp"), "verify-opts", ".dat");
        try {
            writeVerified(f, extra);
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @ParameterizedTest
    @MethodSource("verifyOptions")
    void optionsCatchADamagedBlock(String extra) throws Exception {
        Path f = Files.createTempFile(Path.of("/tmp"), "verify-opts", ".dat");
        try {
            writeVerified(f, extra);
            // in the block's last verify_interval: fio (and jfio) count a block as failed by its last interval
            VerifyTools.flip(f, 3 * 4096 + 3500);
            StringBuilder bad = new StringBuilder();
            assertEquals(1, VerifyTools.jfio(job(f, "write", extra + " --verify_only=1"), bad), bad.toString());
            assertTrue(bad.toString().contains("err=84"), bad.toString());
        } finally {
            Files.deleteIfExists(f);
        }
    }

    /** Writes f with the options and verifies it in the same job: no failure, no unsupported option. */
    private static void writeVerified(Path f, String extra) throws Exception {
        Files.delete(f);
        StringBuilder log = new StringBuilder();
        assertEquals(0, VerifyTools.jfio(job(f, "write", extra), log), log.toString());
        assertFalse(log.toString().contains("verify failed") || log.toString().contains("bad "), log.toString());
        assertFalse(log.toString().contains("not supported by jfio"), log.toString());
    }

    @Test
    void verifyDumpSavesTheBadBlockAsFioDoes() throws Exception {
        Path f = Files.createTempFile(Path.of("/tmp"), "verify-dump", ".dat");
        long off = 5 * 4096;
        Path received = Path.of(f.getFileName() + "." + off + ".received");
        Path expected = Path.of(f.getFileName() + "." + off + ".expected");
        try {
            Files.delete(f);
            StringBuilder log = new StringBuilder();
            assertEquals(0, VerifyTools.jfio(job(f, "write", "--verify=crc32c"), log), log.toString());
            VerifyTools.flip(f, off + 1000);
            StringBuilder bad = new StringBuilder();
            assertEquals(1, VerifyTools.jfio(job(f, "write", "--verify=crc32c --verify_only=1 --verify_dump=1"),
                    bad), bad.toString());
            assertTrue(Files.exists(received), bad.toString());
            assertEquals(4096, Files.size(received));
            byte[] onDisk = Arrays.copyOfRange(Files.readAllBytes(f), (int) off, (int) off + 4096);
            assertTrue(Arrays.equals(onDisk, Files.readAllBytes(received)), "the received dump is the block on disk");
            if (Files.exists(expected)) {
                byte[] want = Files.readAllBytes(expected);
                int differ = 0;
                for (int i = 0; i < want.length; i++) {
                    differ += want[i] != onDisk[i] ? 1 : 0;
                }
                assertTrue(differ >= 1, "the expected block differs from the damaged one");
            }
        } finally {
            Files.deleteIfExists(f);
            Files.deleteIfExists(received);
            Files.deleteIfExists(expected);
        }
    }
}
