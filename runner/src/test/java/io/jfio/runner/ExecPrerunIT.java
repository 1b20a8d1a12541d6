package io.jfio.runner;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** exec_prerun / exec_postrun, the same job file through fio 3.42 and jfio: messages, files, exit status. */
@Timeout(120)
class ExecPrerunIT {
    @TempDir
    Path dir;

    private String observe(List<String> cmd, Path job, String mode) throws Exception {
        Path run = Files.createDirectories(dir.resolve(mode));
        Files.writeString(job, Files.readString(dir.resolve("ex.tmpl")).replace("@DIR@", run.toString()));
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
        StringBuilder sb = new StringBuilder("rc=" + o.rc() + "\n");
        o.out().lines().filter(l -> l.contains("Saving output") || l.startsWith("ex: (groupid="))
                .map(l -> l.replaceAll(" pid=\\d+.*", "")).forEach(l -> sb.append(l).append('\n'));
        for (String f : List.of("ex.prerun.txt", "ex.postrun.txt")) {
            Path p = run.resolve(f);
            sb.append(f).append(": ").append(Files.exists(p) ? Files.readString(p) : "absent\n");
        }
        return sb.toString();
    }

    private String compare(String template) throws Exception {
        Path fio = FioVsJfio.fio342();
        Files.writeString(dir.resolve("ex.tmpl"), template);
        Path job = dir.resolve("ex.fio");
        String f = observe(List.of(fio.toString(), job.toString()), job, "fio");
        String j = observe(FioVsJfio.jfioCommand(List.of(job.toString())), job, "jfio");
        assertEquals(f, j);
        assertTrue(f.contains("ex : Saving output of prerun in ex.prerun.txt"), f);
        return f;
    }

    @Test
    void execHooksRunAroundTheJobAsFio() throws Exception {
        String seen = compare("[ex]\nfilename=@DIR@/ex.dat\nrw=write\nbs=4k\nsize=64k\n"
                + "exec_prerun=cd @DIR@ && (echo pre && echo err >&2 && ls)\n"
                + "exec_postrun=cd @DIR@ && stat -c %s ex.dat\n");
        assertTrue(seen.contains("ex: (groupid=") && seen.contains("ex.postrun.txt: 65536\n"), seen);
    }

    @Test
    void failingPrerunAsFio() throws Exception {
        compare("[ex]\nfilename=@DIR@/ex.dat\nrw=write\nbs=4k\nsize=64k\n"
                + "exec_prerun=cd @DIR@ && echo no && false\n"
                + "exec_postrun=cd @DIR@ && echo post\n");
    }
}
