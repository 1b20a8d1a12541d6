package io.jfio.runner;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * openfiles below nrfiles, fio against jfio: write_iolog records each file's open and close where
 * the file service reaches and finishes it, so the traces (timestamps dropped, paths made relative)
 * show which files were open when and which I/O went to which file.
 */
@Timeout(120)
class OpenFilesIT {
    @TempDir
    Path dir;

    /** The job's write_iolog without timestamps and with paths relative to its directory. */
    private List<String> trace(List<String> prefix, String who, List<String> job) throws Exception {
        Path d = Files.createDirectories(dir.resolve(who));
        Path log = d.resolve("io.log");
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("--name=of", "--directory=" + d, "--filename_format=f.$filenum", "--bs=4k",
                "--write_iolog=" + log, "--output-format=terse"));
        cmd.addAll(job);
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
        assertEquals(0, o.rc(), who + ": " + o.err());
        assertFalse(o.err().contains("openfiles"), who + ": " + o.err());
        List<String> out = new ArrayList<>();
        for (String l : Files.readAllLines(log)) {
            String[] w = l.split(" ", 2);
            out.add(w.length == 2 && w[0].matches("\\d+") ? w[1].replace(d + "/", "") : l);
        }
        return out;
    }

    private List<String> compare(Path fio, List<String> job) throws Exception {
        List<String> f = trace(List.of(fio.toString()), "fio", job);
        List<String> j = trace(FioVsJfio.jfioCommand(List.of()), "jfio", job);
        assertEquals(String.join("\n", f), String.join("\n", j));
        return f;
    }

    private static List<String> fileActions(List<String> trace) {
        return trace.stream().filter(l -> l.endsWith(" open") || l.endsWith(" close")).toList();
    }

    @Test
    void roundRobinOpensTheNextFilesWhenTheFirstAreDone() throws Exception {
        List<String> t = compare(FioVsJfio.fio(), List.of("--rw=write", "--filesize=16k", "--nrfiles=4",
                "--openfiles=2"));
        assertEquals(List.of("f.0 open", "f.1 open", "f.0 close", "f.1 close", "f.2 open", "f.3 open", "f.2 close",
                "f.3 close"), fileActions(t), "fio as measured when this test was written");
        assertEquals(16, t.stream().filter(l -> l.contains(" write ")).count());
    }

    @Test
    void roundRobinBatchesSkipAFileThatCannotOpenYet() throws Exception {
        compare(FioVsJfio.fio(), List.of("--rw=read", "--size=100k", "--nrfiles=5", "--openfiles=3",
                "--file_service_type=roundrobin:3"));
    }

    @Test
    void sequentialServiceOpensOneFileAfterAnother() throws Exception {
        compare(FioVsJfio.fio(), List.of("--rw=write", "--size=96k", "--nrfiles=6", "--openfiles=2",
                "--file_service_type=sequential"));
    }

    @Test
    void randomServiceDrawsPastClosedFiles() throws Exception {
        // fio 3.33 seeds random offsets differently: this one needs 3.42
        compare(FioVsJfio.fio342(), List.of("--rw=randwrite", "--filesize=32k", "--nrfiles=6", "--openfiles=3",
                "--file_service_type=random"));
    }

    @Test
    void verifyReadsBackFilesThatWereClosed() throws Exception {
        List<String> t = compare(FioVsJfio.fio(), List.of("--rw=write", "--filesize=16k", "--nrfiles=3",
                "--openfiles=2", "--verify=crc32c"));
        assertEquals(12, t.stream().filter(l -> l.contains(" read ")).count(), String.join("\n", t));
        assertEquals(2, t.stream().filter(l -> l.equals("f.0 open")).count(), "f.0 opened again for its read-back");
    }
}
