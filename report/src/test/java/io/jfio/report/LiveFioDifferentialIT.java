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
class LiveFioDifferentialIT {

    private static boolean fioAvailable() {
        try {
            Process p = new ProcessBuilder("fio", "--version").redirectErrorStream(true).start();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    /**
     * Terse and normal print latency means in µs (six and two decimals), JSON in ns with six
     * decimals: finer, except when the JSON value sits exactly on a rounding tie of the µs value
     * (e.g. 305037.562500 ns → 305.0375625 µs); then fio's unprinted tail decided and the last
     * digit can differ by one. Returns how many fields differ only that way, or 0 if any
     * other difference exists.
     */
    static int lastDigitTies(String expected, String actual) {
        String[] e = expected.split("[;\\n ,=\\[\\]]", -1);
        String[] a = actual.split("[;\\n ,=\\[\\]]", -1);
        if (e.length != a.length) {
            return 0;
        }
        int ties = 0;
        for (int i = 0; i < e.length; i++) {
            if (e[i].equals(a[i])) {
                continue;
            }
            if (!e[i].matches("\\d+\\.\\d+") || !a[i].matches("\\d+\\.\\d+")) {
                return 0;
            }
            java.math.BigDecimal x = new java.math.BigDecimal(e[i]);
            java.math.BigDecimal d = x.subtract(new java.math.BigDecimal(a[i])).abs();
            if (d.compareTo(java.math.BigDecimal.ONE.movePointLeft(x.scale())) != 0) {
                return 0;
            }
            ties++;
        }
        return ties;
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
                    "--bs=4k", "--size=32m"},
                new String[] {"units", "--terse-version=5", "--name=units", "--ioengine=null", "--rw=randrw",
                    "--bs=4k", "--size=256m", "--kb_base=1000", "--unit_base=1", "--significant_figures=6",
                    "--unified_rw_reporting=both"},
                new String[] {"mixed", "--terse-version=2", "--name=mixed", "--ioengine=null", "--rw=rw", "--bs=16k",
                    "--size=128m", "--unified_rw_reporting=mixed", "--description=folded"},
                new String[] {"aio", "--terse-version=4", "--name=aio", "--ioengine=libaio", "--iodepth=8", "--rw=randread",
                    "--bs=4k", "--size=16m", "--slat_percentiles=1", "--lat_percentiles=1", "--percentile_list=50:99:90",
                    "--filename=" + tmp.resolve("aio.dat")},
                new String[] {"error", "--name=err", "--ioengine=psync", "--filename=/dev/full", "--rw=write",
                    "--bs=4k", "--size=64k", "--continue_on_error=all"},
                new String[] {"nopct", "--name=nopct", "--ioengine=null", "--rw=write", "--bs=8k", "--size=64m",
                    "--clat_percentiles=0", "--significant_figures=2", "--description=say \"hi\" \\ there"},
                new String[] {"shares", "--name=a", "--ioengine=null", "--rw=randread", "--bs=4k", "--size=1g",
                    "--numjobs=3", "--time_based", "--runtime=1", "--rate_iops=5000", "--name=b", "--new_group",
                    "--ioengine=null", "--rw=read", "--bs=4k", "--size=8m"},
                new String[] {"noio", "--name=noio", "--ioengine=psync", "--filename=/proc/version", "--rw=write",
                    "--bs=4k", "--size=4k"});
        List<String> failures = new ArrayList<>();
        int tieFields = 0;
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
            int version = c.terse.isEmpty() ? 3 : c.terse.get(0).charAt(0) - '0';
            String all = OutputFormat.render(run,
                    EnumSet.of(OutputFormat.NORMAL, OutputFormat.TERSE, OutputFormat.JSON_PLUS), version);
            if (!all.equals(c.reportPart)) {
                int ties = lastDigitTies(c.reportPart, all);
                if (ties > 0) {
                    tieFields += ties;
                } else {
                    failures.add(job[0] + ":\n" + GoldenRoundTripTest.firstDiff(c.reportPart, all));
                }
            }
        }
        System.out.printf("live fio differential: %d/%d runs identical (apart from %d last digit(s) on an unknowable tie)%n",
                jobs.size() - failures.size(), jobs.size(), tieFields);
        assertEquals(List.of(), failures);
    }
}
