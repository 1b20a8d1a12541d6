package io.jfio.runner;

import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * ramp_time on a size-limited job, fio against jfio. A job that ends within its ramp never
 * reaches fio's reset_all_stats: it reports its bytes, I/Os and depths, with no latency and no
 * bw/iops sample. (jfio reported nothing for such a job before, and with rate= a job that outlived
 * its ramp never ended: VirtualTimeJobTest holds those cases in virtual time.)
 */
@Timeout(180)
class RampTimeIT {
    @TempDir
    Path dir;

    private static List<Long> shape(FioVsJfio.Outcome o) {
        assertEquals(0, o.rc(), o.both());
        JsonNode w = FioVsJfio.json(o.out()).get("jobs").elements().get(0).get("write");
        return List.of(w.get("io_bytes").asLong(), w.get("total_ios").asLong(), w.get("clat_ns").get("N").asLong(),
                w.get("lat_ns").get("N").asLong(), w.get("bw_samples").asLong(), w.get("iops_samples").asLong());
    }

    @Test
    void aJobThatEndsWithinItsRampReportsItsIoUntimed() throws Exception {
        FioVsJfio.fio();
        List<String> args = List.of("--name=r", "--filename=" + dir.resolve("f"), "--rw=write", "--bs=64k",
                "--size=16m", "--ramp_time=60", "--output-format=json");
        List<Long> fio = shape(FioVsJfio.fio(args));
        assertEquals(List.of(16L << 20, 256L, 0L, 0L, 0L, 0L), fio, "fio's own figures");
        assertEquals(fio, shape(FioVsJfio.jfio(args)));
    }

    /**
     * The cpu line covers the measured phase only: fio's reset_all_stats restarts the thread's
     * rusage at the ramp's end. A null job spins one thread flat out, so with a 3 s ramp and a 1 s
     * runtime counting the ramp too gives up to 400 % of one CPU; the measured phase alone gives at
     * most 100 % (a loaded machine gives less, never more).
     */
    @Test
    void theCpuLineLeavesTheRampOut() throws Exception {
        FioVsJfio.fio();
        List<String> args = List.of("--name=c", "--ioengine=null", "--size=1g", "--time_based", "--runtime=1",
                "--ramp_time=3", "--output-format=json");
        for (FioVsJfio.Outcome o : List.of(FioVsJfio.fio(args), FioVsJfio.jfio(args))) {
            assertEquals(0, o.rc(), o.both());
            JsonNode job = FioVsJfio.json(o.out()).get("jobs").elements().get(0);
            double cpu = job.get("usr_cpu").asDouble() + job.get("sys_cpu").asDouble();
            org.junit.jupiter.api.Assertions.assertTrue(cpu <= 130, "usr+sys " + cpu + " % of the 1 s runtime: " + o.out());
        }
    }
}
