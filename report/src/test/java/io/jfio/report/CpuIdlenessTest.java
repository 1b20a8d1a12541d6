package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jfio.report.format.JsonFormat;
import io.jfio.report.format.NormalFormat;
import io.jfio.report.json.FioJsonPrinter;
import org.junit.jupiter.api.Test;

/** --idle-prof's lines as fio's show_idle_prof_stats prints them (%3.2f, json %f). */
class CpuIdlenessTest {
    @Test
    void normalLinesForSystemAndPercpu() {
        CpuIdleness system = new CpuIdleness(false, 8.2249, new double[] {15.93, 0.514}, 30.875, 13.7899);
        assertEquals("\nCPU idleness:\n  system: 8.22%\n  unit work: mean=30.88us, stddev=13.79\n", system.normal());
        CpuIdleness percpu = new CpuIdleness(true, 8.2249, new double[] {15.93, 0.514}, 30.875, 13.7899);
        assertEquals("\nCPU idleness:\n  system: 8.22%\n  percpu: 15.93%, 0.51%\n"
                + "  unit work: mean=30.88us, stddev=13.79\n", percpu.normal());
        assertEquals("CPU idleness:\n  unit work: mean=11.74us, stddev=2.21\n", CpuIdleness.calibration(11.7351, 2.2149));
    }

    @Test
    void jsonObject() {
        CpuIdleness percpu = new CpuIdleness(true, 6.356151, new double[] {1.5, 11.25}, 17.657, 9.999904);
        assertEquals("{\n  \"system\" : 6.356151,\n  \"cpu-0\" : 1.500000,\n  \"cpu-1\" : 11.250000,\n"
                + "  \"unit_mean\" : 17.657000,\n  \"unit_stddev\" : 9.999904\n}\n",
                FioJsonPrinter.print(JsonFormat.cpuIdleness(percpu)));
    }

    @Test
    void writtenLastInNormalAndJsonAndOnlyWhenMeasured() {
        RunResult r = new RunResult();
        r.timestampMs = 0;
        String without = NormalFormat.write(r);
        r.idleness = new CpuIdleness(false, 50, new double[] {50}, 2, 0);
        String with = NormalFormat.write(r);
        assertEquals(without + r.idleness.normal(), with);
        assertEquals(false, JsonFormat.tree(new RunResult(), false).has("cpu_idleness"));
        var members = JsonFormat.tree(r, false).members();
        assertEquals("cpu_idleness", members.get(members.size() - 1).key());
    }
}
