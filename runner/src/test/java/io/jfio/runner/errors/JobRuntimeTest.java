package io.jfio.runner.errors;

import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** json job_runtime counts from the end of ramp_time, as fio's td->epoch (not from the thread's start). */
@Timeout(60)
class JobRuntimeTest {
    @Test
    void jobRuntimeExcludesRampTimeAsFio() throws Exception {
        List<String> args = List.of("--name=r", "--ioengine=null", "--size=1g", "--time_based", "--runtime=600ms",
                "--ramp_time=400ms", "--output-format=json");
        long fio = -1;
        try {
            FioVsJfio.fio();
            fio = runtime(FioVsJfio.fio(args));
        } catch (org.opentest4j.TestAbortedException e) {
            // no fio here: jfio's own figure is still checked
        }
        long jfio = runtime(FioVsJfio.jfio(args));
        System.out.println("runtime=600ms ramp_time=400ms: job_runtime fio " + fio + " ms, jfio " + jfio + " ms");
        // The I/O itself runs 600 ms by the job's clock; ramp (400 ms) must not be in it. Generous
        // upper bound for a loaded machine's start-up and clean-up, far below 600 + 400.
        assertTrue(jfio >= 500 && jfio < 900, "job_runtime " + jfio);
    }

    private static long runtime(Outcome o) {
        assertEquals(0, o.rc(), o.err());
        String out = o.out();
        return JsonParser.parseDocument(out.substring(out.indexOf('{'))).get("jobs").elements().get(0)
                .getLong("job_runtime");
    }
}
