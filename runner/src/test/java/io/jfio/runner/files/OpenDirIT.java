package io.jfio.runner.files;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * opendir=DIR against fio: every regular file below DIR (subdirectories included, links skipped)
 * is one of the job's files; fio says how many at parse time, once per job section, and fails the
 * parse (exit 1) on a directory it cannot open.
 */
@Timeout(120)
class OpenDirIT {
    @TempDir
    Path dir;

    private String run(boolean fio, List<String> args) throws Exception {
        Outcome o = fio ? FioVsJfio.fio(args) : FioVsJfio.jfio(args);
        int start = o.out().indexOf('{');
        assertTrue(start >= 0, o.both());
        StringBuilder b = new StringBuilder("rc=" + o.rc() + " before-json=[" + o.out().substring(0, start).trim() + "]");
        for (JsonNode job : JsonParser.parseDocument(o.out().substring(start)).get("jobs").elements()) {
            b.append(" job: error=").append(job.getLong("error")).append(" ios=")
                    .append(job.get("read").getLong("total_ios")).append(" bytes=")
                    .append(job.get("read").getLong("io_bytes"));
        }
        return b.toString();
    }

    @Test
    void everyRegularFileBelowTheDirectoryAsFio() throws Exception {
        FioVsJfio.fio();
        Path d = Files.createDirectories(dir.resolve("tree"));
        Files.write(d.resolve("a"), new byte[64 << 10]);
        Files.write(d.resolve("b"), new byte[64 << 10]);
        Files.createDirectories(d.resolve("sub"));
        Files.write(d.resolve("sub/c"), new byte[128 << 10]);
        Files.createSymbolicLink(d.resolve("link"), d.resolve("a"));
        List<String> args = List.of("--name=od", "--opendir=" + d, "--rw=read", "--bs=4k", "--numjobs=2",
                "--output-format=json");
        String f = run(true, args);
        String j = run(false, args);
        System.out.println("opendir fio:  " + f + "\nopendir jfio: " + j);
        assertEquals(f, j);
        assertEquals("rc=0 before-json=[fio: opendir added 3 files] job: error=0 ios=64 bytes=262144"
                + " job: error=0 ios=64 bytes=262144", j);
    }

    @Test
    void aMissingDirectoryFailsTheParseAsFio() throws Exception {
        FioVsJfio.fio();
        Path missing = dir.resolve("missing");
        List<String> args = List.of("--name=od", "--opendir=" + missing, "--rw=read", "--bs=4k", "--size=64k");
        Outcome f = FioVsJfio.fio(args);
        Outcome j = FioVsJfio.jfio(args);
        assertEquals(1, f.rc());
        assertEquals(f.rc(), j.rc(), j.both());
        String failed = "fio: failed parsing opendir=" + missing;
        assertTrue(f.err().contains(failed) && j.err().contains(failed), f.both() + "\n---\n" + j.both());
        // the error line names fio's source line, which moves between fio versions
        String error = "func=opendir(" + missing + "), error=No such file or directory";
        assertTrue(f.out().contains(error) && j.out().contains(error), f.out() + "\n---\n" + j.out());
        assertTrue(j.out().contains("fio: file:filesetup.c:2057, " + error), j.out());
    }
}
