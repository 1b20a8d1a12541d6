package io.jfio.runner.verify;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ExperimentalVerifyTest's jobs through fio: against every fio here (3.33 in CI, 3.42 where
 * JFIO_FIO342 points) the same reads; against fio 3.42, on a file damaged in three blocks, the
 * same failure lines in the same (random) order.
 */
@Timeout(120)
class ExperimentalVerifyIT {
    @Test
    void theReplayReadsWhatTheJobWroteAsFioDoes() throws Exception {
        List<Path> fios = VerifyTools.fios();
        Assumptions.assumeFalse(fios.isEmpty(), "no fio (/usr/bin/fio or JFIO_FIO342)");
        Path f = Files.createTempFile(Path.of("/tmp"), "w2vfy-expver", ".dat");
        try {
            StringBuilder j = new StringBuilder();
            assertEquals(0, VerifyTools.jfio(ExperimentalVerifyTest.job(f, "--output-format=json"), j), j.toString());
            String jc = ExperimentalVerifyTest.counts(j.toString());
            assertEquals("read=262144/64 write=262144/64", jc, j.toString());
            assertTrue(!j.toString().contains("not supported"), j.toString());
            for (Path fio : fios) {
                StringBuilder o = new StringBuilder();
                assertEquals(0, VerifyTools.fio(fio, ExperimentalVerifyTest.job(f, "--output-format=json"), o), o.toString());
                assertEquals(ExperimentalVerifyTest.counts(o.toString()), jc, fio + "\n" + o);
            }
            // a mixed job's reads are skipped by the replay; mixed block sizes come again as written
            for (String[] extra : new String[][] {{"--rw=randrw"}, {"--bsrange=4k-16k"}}) {
                String[] args = ExperimentalVerifyTest.job(f, extra[0], "--output-format=json");
                StringBuilder jj = new StringBuilder();
                assertEquals(0, VerifyTools.jfio(args, jj), jj.toString());
                for (Path fio : fios) {
                    if (extra[0].startsWith("--bsrange") && !VerifyTools.version(fio).contains("3.42")) {
                        continue; // fio 3.33 draws block sizes from other seeds (jfio.seeding=3.33)
                    }
                    StringBuilder o = new StringBuilder();
                    assertEquals(0, VerifyTools.fio(fio, args, o), o.toString());
                    assertEquals(ExperimentalVerifyTest.counts(o.toString()), ExperimentalVerifyTest.counts(jj.toString()), extra[0] + " " + fio + "\n" + o);
                }
            }
        } finally {
            Files.deleteIfExists(f);
        }
    }

    /** Against fio 3.42 only: 3.33 reads the header jfio writes by default (3.42's) as a bad header crc. */
    @Test
    void aDamagedFileGivesFiosFailureLines() throws Exception {
        List<Path> fios = new ArrayList<>();
        for (Path p : VerifyTools.fios()) {
            if (VerifyTools.version(p).contains("3.42")) {
                fios.add(p);
            }
        }
        Assumptions.assumeFalse(fios.isEmpty(), "no fio 3.42 (JFIO_FIO342)");
        Path f = Files.createTempFile(Path.of("/tmp"), "w2vfy-expver", ".dat");
        try {
            StringBuilder w = new StringBuilder();
            assertEquals(0, VerifyTools.jfio(ExperimentalVerifyTest.job(f), w), w.toString());
            for (long at : ExperimentalVerifyTest.DAMAGED) {
                VerifyTools.flip(f, at);
            }
            String[] check = ExperimentalVerifyTest.job(f, "--verify_only=1", "--continue_on_error=verify");
            StringBuilder j = new StringBuilder();
            VerifyTools.jfio(check, j);
            String jf = ExperimentalVerifyTest.failures(j.toString());
            assertEquals(9, jf.split("\n").length, j.toString());
            assertTrue(j.toString().contains("err=84"), j.toString());
            for (Path fio : fios) {
                StringBuilder o = new StringBuilder();
                VerifyTools.fio(fio, check, o);
                assertEquals(ExperimentalVerifyTest.failures(o.toString()), jf, fio + "\n" + o + "\njfio:\n" + j);
            }
        } finally {
            Files.deleteIfExists(f);
        }
    }
}
