package io.jfio.runner.verify;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * VerifyAsyncTest's damaged file checked by fio 3.42 (JFIO_FIO342) too: the failure lines are
 * fio's, line for line (in any order: fio's verify threads race), and a failure that ends the job
 * is fio's async one. fio 3.33's block header differs (VerifyCrossToolIT covers it).
 */
@Timeout(120)
class VerifyAsyncIT {
    @Test
    void failureLinesAreFios() throws Exception {
        List<Path> fios = new ArrayList<>();
        for (Path p : VerifyTools.fios()) {
            if (VerifyTools.version(p).startsWith("fio-3.42")) {
                fios.add(p);
            }
        }
        Assumptions.assumeFalse(fios.isEmpty(), "skipped: no fio 3.42 (JFIO_FIO342 or -Djfio.fio342)");
        Path f = Files.createTempFile(Path.of("/tmp"), "verify-async-it", ".dat");
        try {
            StringBuilder log = new StringBuilder();
            assertEquals(0, VerifyTools.jfio(VerifyAsyncTest.job(f, false), log), log.toString());
            for (long b : VerifyAsyncTest.DAMAGED) {
                VerifyTools.flip(f, b + 100);
            }
            StringBuilder all = new StringBuilder();
            assertEquals(0, VerifyTools.jfio(VerifyAsyncTest.job(f, true, "--continue_on_error=verify"), all),
                    all.toString());
            List<String> mine = VerifyAsyncTest.failures(all);
            assertEquals(VerifyAsyncTest.DAMAGED.length, mine.size(), all.toString());
            for (Path fio : fios) {
                StringBuilder theirs = new StringBuilder();
                VerifyTools.fio(fio, VerifyAsyncTest.job(f, true, "--continue_on_error=verify"), theirs);
                // fio's two verify threads may print in either order: the same lines, as a set
                assertEquals(new TreeSet<>(VerifyAsyncTest.failures(theirs)), new TreeSet<>(mine), fio + " said:\n" + theirs);
                StringBuilder fatal = new StringBuilder();
                VerifyTools.fio(fio, VerifyAsyncTest.job(f, true), fatal);
                assertTrue(fatal.toString().contains("err=84/file:verify.c:1554, func=async_verify"), fatal.toString());
            }
        } finally {
            Files.deleteIfExists(f);
        }
    }
}
