package io.jfio.runner;

import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * write_barrier=N against fio (3.42 and 3.33 alike): fio flags every Nth write as a barrier only
 * on engines that declare barrier support (libpmem) and no engine reads the flag, so a job with
 * it writes what the job without it writes, with no warning; jfio's too.
 */
@Timeout(120)
class WriteBarrierIT {
    @TempDir
    Path dir;

    private String observe(List<String> prefix, String who, String engine) throws Exception {
        Path f = dir.resolve(who + engine + ".dat");
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("--name=b", "--filename=" + f, "--rw=randwrite", "--bs=4k", "--size=64k",
                "--ioengine=" + engine, "--write_barrier=2", "--output-format=json"));
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
        JsonNode w = FioVsJfio.json(o.out()).get("jobs").elements().get(0).get("write");
        return "rc=" + o.rc() + " ios=" + w.getLong("total_ios") + " bytes=" + w.getLong("io_bytes")
                + " file=" + Files.size(f) + " err=" + o.err();
    }

    @Test
    void writeBarrierChangesNoIoAsInFio() throws Exception {
        Path fio = FioVsJfio.fio();
        for (String engine : List.of("psync", "libaio")) {
            String f = observe(List.of(fio.toString()), "fio", engine);
            String j = observe(FioVsJfio.jfioCommand(List.of()), "jfio", engine);
            assertEquals("rc=0 ios=16 bytes=65536 file=65536 err=", f, engine);
            assertEquals(f, j, engine);
        }
    }
}
