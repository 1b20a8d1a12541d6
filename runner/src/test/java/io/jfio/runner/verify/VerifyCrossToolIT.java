package io.jfio.runner.verify;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Wire compatibility with fio for every verify type, both ways: data jfio writes passes
 * {@code fio --verify_only}, data fio writes passes {@code jfio --verify_only}, and each side
 * notices a flipped byte in the other's data. Runs against /usr/bin/fio (3.33 in CI, whose block
 * header is fio 3.33's 40-byte layout: jfio writes that one with -Djfio.verify.header=3.33) and
 * against fio 3.42 too when JFIO_FIO342 names it.
 */
@Timeout(300)
class VerifyCrossToolIT {
    static Stream<String> types() {
        return Stream.of("md5", "crc64", "crc32c", "crc32c-intel", "crc32", "crc16", "crc7", "xxhash", "sha512",
                "sha256", "sha1", "sha3-224", "sha3-256", "sha3-384", "sha3-512", "meta", "null", "md5+interval", "crc32c+interval");
    }

    /** {@code type} may end in "+interval": several headers per block, moved by verify_offset. */
    private static String[] job(Path file, String type, boolean verifyOnly, String rw) {
        String t = type.replace("+interval", "");
        List<String> a = new ArrayList<>(List.of("--name=x", "--filename=" + file, "--size=128k", "--bs=4k",
                "--rw=" + rw, "--verify=" + t, "--ioengine=psync", "--output-format=terse"));
        if (verifyOnly) {
            a.add("--verify_only=1");
        }
        if (!t.equals(type)) {
            a.add("--verify_interval=1024");
            a.add("--verify_offset=200");
        }
        return a.toArray(new String[0]);
    }

    @ParameterizedTest
    @MethodSource("types")
    void bothWaysForEveryType(String type) throws Exception {
        List<Path> fios = VerifyTools.fios();
        Assumptions.assumeFalse(fios.isEmpty(), "no fio binary (/usr/bin/fio or JFIO_FIO342)");
        Path file = Files.createTempFile(Path.of("/tmp"), "verify-xtool", ".dat");
        try {
            // meta checks only the header; elsewhere a data byte of the last interval (fio returns the
            // verdict of a block's last interval: an earlier bad one is printed but not counted)
            long in = type.equals("meta") ? 20 : 4000;
            for (Path fio : fios) {
                if (type.equals("sha512") && VerifyTools.version(fio).startsWith("fio-3.33")) {
                    // fio 3.33's sha512 area differs from 3.42's (digest and tail): not the same format
                    continue;
                }
                if (VerifyTools.version(fio).startsWith("fio-3.33")) {
                    System.setProperty("jfio.verify.header", "3.33");
                } else {
                    System.clearProperty("jfio.verify.header");
                }
                // one direction each keeps the matrix short: sequential for half the types, random for the rest
                String rw = (type.hashCode() & 1) == 0 ? "write" : "randwrite";
                {
                    Files.deleteIfExists(file);
                    StringBuilder log = new StringBuilder();
                    assertEquals(0, VerifyTools.jfio(job(file, type, false, rw), log), log.toString());
                    assertEquals(0, VerifyTools.terseError(log.toString()), "jfio write+verify " + type + ": " + log);
                    StringBuilder f = new StringBuilder();
                    VerifyTools.fio(fio, job(file, type, true, rw), f);
                    assertEquals(0, VerifyTools.terseError(f.toString()), fio + " --verify_only on jfio's " + type + " data:\n" + f);
                    if (!type.equals("null")) {
                        VerifyTools.flip(file, 5 * 4096 + in);
                        StringBuilder bad = new StringBuilder();
                        VerifyTools.fio(fio, job(file, type, true, rw), bad);
                        assertEquals(84, VerifyTools.terseError(bad.toString()), fio + " missed a flipped byte (" + type + "):\n" + bad);
                    }

                    Files.deleteIfExists(file);
                    StringBuilder w = new StringBuilder();
                    VerifyTools.fio(fio, job(file, type, false, rw), w);
                    assertEquals(0, VerifyTools.terseError(w.toString()), fio + " write+verify " + type + ":\n" + w);
                    StringBuilder j = new StringBuilder();
                    VerifyTools.jfio(job(file, type, true, rw), j);
                    assertEquals(0, VerifyTools.terseError(j.toString()), "jfio --verify_only on " + fio + "'s " + type + " data:\n" + j);
                    if (!type.equals("null")) {
                        VerifyTools.flip(file, 9 * 4096 + in);
                        StringBuilder bad = new StringBuilder();
                        assertEquals(1, VerifyTools.jfio(job(file, type, true, rw), bad), bad.toString());
                        assertEquals(84, VerifyTools.terseError(bad.toString()), "jfio missed a flipped byte (" + type + "):\n" + bad);
                    }
                }
            }
        } finally {
            System.clearProperty("jfio.verify.header");
            Files.deleteIfExists(file);
        }
    }

    /**
     * verify_only on a write job walks the writes without doing them (fio's do_dry_run), and fio
     * counts their bytes as written: the terse read and write KiB of both tools are equal.
     */
    @org.junit.jupiter.api.Test
    void verifyOnlyCountsTheWalkedWritesAsFio() throws Exception {
        List<Path> fios = VerifyTools.fios();
        Assumptions.assumeFalse(fios.isEmpty(), "no fio binary (/usr/bin/fio or JFIO_FIO342)");
        Path file = Files.createTempFile(Path.of("/tmp"), "verify-only-counts", ".dat");
        try {
            for (Path fio : fios) {
                if (VerifyTools.version(fio).startsWith("fio-3.33")) {
                    System.setProperty("jfio.verify.header", "3.33");
                } else {
                    System.clearProperty("jfio.verify.header");
                }
                Files.deleteIfExists(file);
                String[] write = job(file, "crc32c", false, "write");
                assertEquals(0, VerifyTools.fio(fio, write, new StringBuilder()));
                StringBuilder f = new StringBuilder();
                VerifyTools.fio(fio, job(file, "crc32c", true, "write"), f);
                StringBuilder j = new StringBuilder();
                assertEquals(0, VerifyTools.jfio(job(file, "crc32c", true, "write"), j), j.toString());
                assertEquals(kib(f.toString()), kib(j.toString()), fio + "\n" + f + "\njfio:\n" + j);
                assertEquals("0 128 128", kib(j.toString()));
            }
        } finally {
            System.clearProperty("jfio.verify.header");
            Files.deleteIfExists(file);
        }
    }

    /** error, read KiB and write KiB of the terse line in {@code text}. */
    private static String kib(String text) {
        for (String l : text.split("\n")) {
            String[] t = l.split(";");
            if (t.length > 46 && t[0].equals("3")) {
                return t[4] + " " + t[5] + " " + t[46];
            }
        }
        return "no terse line in:\n" + text;
    }
}
