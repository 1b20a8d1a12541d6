package io.jfio.runner.cli;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --debug=parse, fio against jfio, for the lines jfio prints (fio's t/steadystate_tests.py reads
 * them): "fio: set debug option parse" and the steadystate callback's threshold line, with the
 * process id column masked.
 */
class ParseDebugIT {
    private static List<String> lines(List<String> cmd) throws Exception {
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
        assertEquals(0, o.rc(), o.err());
        List<String> out = new ArrayList<>();
        for (String l : o.out().split("\n")) {
            if (l.startsWith("fio: set debug option") || l.contains(" set steady state ")) {
                out.add(l.replaceFirst("^(parse    )\\d+ +", "$1PID "));
            }
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"iops:10", "iops:10%", "iops:.1%", "bw:10%", "bw:.1%", "bw:12", "bw:12k", "lat:10",
        "iops_slope:0.5"})
    void steadystateThresholdLineAsFio(String ss) throws Exception {
        Path fio = FioVsJfio.fio();
        List<String> args = List.of("--name=job1", "--parse-only", "--debug=parse", "--ss_dur=10s", "--ss=" + ss,
                "--ss_ramp=5");
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(args);
        List<String> f = lines(cmd);
        assertEquals(2, f.size(), "fio prints both lines: " + f);
        assertTrue(f.get(1).startsWith("parse    PID set steady state "), f.toString());
        assertEquals(f, lines(FioVsJfio.jfioCommand(args)));
    }
}
