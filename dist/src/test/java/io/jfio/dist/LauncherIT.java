package io.jfio.dist;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * bin/jfio as a user runs it, on the jar this build packaged: its first use leaves the class-data
 * archive and jffi's unpacked library in dist/target, and later runs of a null job and of
 * --parse-only map their classes from that archive and load jffi without unpacking it again.
 */
class LauncherIT {
    private final Path root = SourceTree.root();

    @Test
    void nullJobAndParseOnlyMapTheArchiveAndDoNotUnpackJffi() throws Exception {
        assumeTrue(Files.isRegularFile(root.resolve("dist/target/jfio.jar")), "dist/target/jfio.jar not packaged");
        Path job = root.resolve("bench/jobs/startup-null-1m.fio");
        run("--version"); // first use: archive and library, if this jar has none yet
        assertTrue(Files.isRegularFile(root.resolve("dist/target/jfio-cds.jsa")), "no class-data archive");
        assertTrue(Files.size(root.resolve("dist/target/jffi/libjffi-1.2.so")) > 0, "jffi's library not unpacked");

        for (String[] args : List.of(new String[] {job.toString()}, new String[] {"--parse-only", job.toString()})) {
            List<String> out = run(args);
            List<String> loads = out.stream().filter(l -> l.contains("[class,load]")).toList();
            assertTrue(loads.size() > 500, String.join(" ", args) + ": no class-load log");
            // File.createTempFile: how jffi copies its library out of the jar when not given one
            assertTrue(loads.stream().noneMatch(l -> l.contains(" java.io.File$TempDirectory ")),
                    String.join(" ", args) + ": jffi unpacked its library again");
            List<String> ours = loads.stream().filter(l -> l.contains(" io.jfio.")).toList();
            long archived = ours.stream().filter(l -> l.contains("source: shared objects file")).count();
            // lambdas and hidden classes may be spun at run time; the classes themselves must be mapped
            assertTrue(archived >= ours.size() * 9 / 10, String.join(" ", args) + ": only " + archived + " of "
                    + ours.size() + " jfio classes came from the archive");
        }
    }

    private List<String> run(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("jfio"));
        cmd.addAll(List.of(args));
        return BinTool.run(root, Map.of("JFIO_JAVA_OPTS", "-Xlog:class+load=info:stdout"),
                cmd.toArray(String[]::new)).lines().toList();
    }
}
