package io.jfio.runner.cli;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * steadystate against fio 3.42 on the same job: both stop a 12 s job once two 1 s IOPS samples are
 * within 10% of their mean, and print the same json steadystate block (keys, criterion, window)
 * and the same normal-output line; values fio refuses fail both the same way.
 */
class SteadyStateVsFioIT {
    private static final List<String> JOB = List.of("--name=ss", "--ioengine=null", "--rw=randread", "--bs=4k",
            "--size=1g", "--time_based", "--runtime=12", "--rate_iops=1000", "--steadystate=iops:10%",
            "--steadystate_duration=2");

    private static List<String> with(List<String> base, String... more) {
        List<String> a = new ArrayList<>(base);
        a.addAll(List.of(more));
        return a;
    }

    private static List<String> keys(JsonNode o) {
        List<String> out = new ArrayList<>();
        for (JsonNode.Member m : o.members()) {
            out.add(m.key());
            if (m.value().kind() == JsonNode.Kind.OBJECT) {
                keys(m.value()).forEach(k -> out.add(m.key() + "." + k));
            }
        }
        return out;
    }

    @Test
    void stopsOnTheCriterionAsFio() throws Exception {
        Outcome[] fj = runs();
        JsonNode fs = job(fj[0].out());
        JsonNode js = job(fj[1].out());
        for (JsonNode n : List.of(fs, js)) {
            // the 12 s job ends on the criterion: two samples and a check or two
            assertTrue(n.get("read").getLong("runtime") < 6000, n.get("read").getLong("runtime") + " ms");
        }
        assertEquals(1, fs.get("steadystate").getLong("attained"));
        assertEquals(1, js.get("steadystate").getLong("attained"));
    }

    @Test
    void reportsTheSteadystateBlockLikeFio() throws Exception {
        Outcome[] fj = runs();
        Outcome f = fj[0];
        Outcome j = fj[1];
        JsonNode fs = job(f.out());
        JsonNode js = job(j.out());
        JsonNode fss = fs.get("steadystate");
        JsonNode jss = js.get("steadystate");
        assertEquals(keys(fss), keys(jss));
        assertEquals("iops:10.000000%", jss.getString("ss"));
        assertEquals(fss.getString("ss"), jss.getString("ss"));
        assertEquals(fss.getLong("duration"), jss.getLong("duration"));
        for (JsonNode ss : List.of(fss, jss)) {
            JsonNode data = ss.get("data");
            assertEquals(2, data.get("iops").elements().size());
            assertEquals(2, data.get("bw").elements().size());
            assertEquals(1000, data.getLong("iops_mean"), 100, "rate_iops=1000");
            assertEquals(data.getLong("iops_mean") * 4096, data.getLong("bw_mean"), 4096 * 100);
            String crit = ss.getString("criterion");
            assertTrue(crit.endsWith("%") && Double.parseDouble(crit.substring(0, crit.length() - 1)) < 10, crit);
        }
        String line = "  steadystate  : attained=yes, bw=\\d+KiB/s \\(\\d+kB/s\\), iops=\\d+, iops mean dev=\\d+\\.\\d{3}%";
        assertTrue(f.out().lines().anyMatch(l -> l.matches(line)), f.out());
        assertTrue(j.out().lines().anyMatch(l -> l.matches(line)), j.out());
        assertTrue(!j.err().contains("steadystate"), "no not-supported warning: " + j.err());
    }

    private static Outcome[] runs;

    /** The job under fio 3.42 and jfio, once for both tests: {fio, jfio}. */
    private static synchronized Outcome[] runs() throws Exception {
        if (runs != null) {
            return runs;
        }
        Path fio = FioVsJfio.fio342();
        List<String> args = with(JOB, "--output-format=json,normal");
        List<String> fioCmd = new ArrayList<>(List.of(fio.toString()));
        fioCmd.addAll(args);
        Outcome f = FioVsJfio.run(fioCmd, 60);
        Outcome j = FioVsJfio.jfio(args);
        assertEquals(0, f.rc(), f.both());
        assertEquals(0, j.rc(), j.both());
        runs = new Outcome[] {f, j};
        return runs;
    }

    @Test
    void valuesFioRefusesFailBoth() throws Exception {
        Path fio = FioVsJfio.fio342();
        for (List<String> bad : List.of(
                List.of("--name=x", "--ioengine=null", "--size=1m", "--steadystate=iops:10%", "--ss_dur=1500ms"),
                List.of("--name=x", "--ioengine=null", "--size=1m", "--steadystate=iops", "--ss_dur=2"))) {
            List<String> fioCmd = new ArrayList<>(List.of(fio.toString()));
            fioCmd.addAll(bad);
            Outcome f = FioVsJfio.run(fioCmd, 60);
            Outcome j = FioVsJfio.jfio(bad);
            assertEquals(1, f.rc(), f.both());
            assertEquals(1, j.rc(), j.both());
            String first = f.err().lines().findFirst().orElseThrow();
            assertTrue(j.err().contains(first.replace("fio: ", "")), "fio: " + f.err() + "\njfio: " + j.err());
        }
    }

    private static JsonNode job(String out) {
        String json = out.substring(out.indexOf('{'), out.lastIndexOf("\n}") + 2);
        return JsonParser.parse(json).get("jobs").elements().get(0);
    }
}
