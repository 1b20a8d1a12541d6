package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jfio.report.format.OutputFormat;
import io.jfio.report.format.TerseReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differential check against the installed fio: run short jobs with
 * --output-format=normal,terse,json+ and re-render all three from the json+ of that run.
 */
class LiveFioDifferentialTest {

    private static boolean fioAvailable() {
        try {
            Process p = new ProcessBuilder("fio", "--version").redirectErrorStream(true).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    @Test
    void freshFioRunsRenderByteIdentical(@TempDir Path tmp) throws Exception {
        assumeTrue(fioAvailable(), "fio is not installed (apt-get install -y fio)");
        List<String[]> jobs = List.of(
                new String[] {"null", "--name=nulljob", "--ioengine=null", "--rw=randrw", "--bs=4k", "--size=1g",
                    "--time_based", "--runtime=1", "--percentile_list=1:25:50:99.9"},
                new String[] {"sync", "--name=syncjob", "--ioengine=sync", "--rw=write", "--bs=64k", "--size=8m",
                    "--fsync=4", "--filename=" + tmp.resolve("sync.dat")},
                new String[] {"group", "--group_reporting", "--lat_percentiles=1", "--name=g1", "--ioengine=null", "--rw=read", "--bs=4k",
                    "--size=64m", "--numjobs=2", "--description=two sections", "--name=g2", "--ioengine=null", "--rw=write",
                    "--bs=4k", "--size=32m"});
        List<String> failures = new ArrayList<>();
        for (String[] job : jobs) {
            Path dir = Files.createDirectories(tmp.resolve(job[0]));
            List<String> cmd = new ArrayList<>(List.of("fio", "--output-format=normal,terse,json+",
                    "--output=" + dir.resolve("combined.txt")));
            for (int i = 1; i < job.length; i++) {
                cmd.add(job[i]);
            }
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("stdout.txt").toFile()).start();
            assertEquals(true, p.waitFor(60, TimeUnit.SECONDS), "fio finished");
            GoldenCase c = new GoldenCase(dir);
            RunResult run = c.read();
            List<JobResult> ts = run.threadStats();
            for (int i = 0; i < ts.size() && i < c.terse.size(); i++) {
                ts.get(i).restoredTerseFirstUsec = TerseReader.firstUsecField(c.terse.get(i));
            }
            String all = OutputFormat.render(run,
                    EnumSet.of(OutputFormat.NORMAL, OutputFormat.TERSE, OutputFormat.JSON_PLUS), 3);
            if (!all.equals(c.reportPart)) {
                failures.add(job[0] + ":\n" + GoldenRoundTripTest.firstDiff(c.reportPart, all));
            }
        }
        System.out.printf("live fio differential: %d/%d runs identical%n", jobs.size() - failures.size(), jobs.size());
        assertEquals(List.of(), failures);
    }
}
