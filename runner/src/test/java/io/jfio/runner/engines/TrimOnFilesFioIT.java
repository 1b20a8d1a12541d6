package io.jfio.runner.engines;

import io.jfio.testsupport.ShmTempDir;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.jfio.runner.support.FioVsJfio;

/**
 * TrimOnFilesTest's jobs run by the installed fio too (fio 3.42 through JFIO_FIO342 or
 * /opt/fio-3.42-src/fio, else /usr/bin/fio): exit status, error and every direction's total_ios/io_bytes equal jfio's. fio
 * 3.33 trims synchronously in io_uring, so io_uring is compared with 3.42 only.
 */
class TrimOnFilesFioIT {
    @TempDir(factory = ShmTempDir.class)
    Path dir;

    @ParameterizedTest(name = "{0} rw={1}")
    @CsvSource({"sync, trim", "psync, trim", "psync, trimwrite", "pvsync, trim", "pvsync2, trim", "libaio, trim",
        "mmap, trim", "posixaio, trim", "vsync, trimwrite", "falloc, trim", "null, trim", "io_uring, trim",
        "io_uring, trimwrite"})
    void trimOnARegularFileAsFio(String engine, String rw) throws Exception {
        Path fio = FioVsJfio.fio();
        assumeTrue(!engine.equals("io_uring") || FioVsJfio.version(fio).startsWith("fio-3.42"),
                "skipped: " + fio + " is not fio 3.42, whose io_uring trims are jfio's");
        String got = TrimOnFilesTest.jfio(TrimOnFilesTest.args(dir, engine, rw));
        Files.deleteIfExists(dir.resolve("t.dat")); // fio starts from no file, as jfio did
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(TrimOnFilesTest.args(dir, engine, rw));
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 120);
        assertEquals(TrimOnFilesTest.outcome(o.rc(), o.out()), got, fio + " vs jfio, " + engine + " rw=" + rw);
    }
}
