package io.jfio.runner.job;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * thinktime_iotime and thinkcycles against fio on the null engine. A 10 s thinktime in a 1 s job
 * ends the I/O at the first think: after one I/O by default (thinktime_blocks=1), after 200 ms of
 * I/O with thinktime_iotime=200ms (fio ignores the default block count then), after five I/Os when
 * thinktime_blocks=5 is given too. thinkcycles busy-waits after every I/O (fio's PAUSE loop).
 */
@Timeout(180)
class ThinkIoTimeIT {
    private static JsonNode job(boolean fio, String... opts) throws Exception {
        List<String> args = new ArrayList<>(List.of("--name=t", "--ioengine=null", "--rw=read", "--bs=4k",
                "--output-format=json"));
        args.addAll(List.of(opts));
        Outcome o = fio ? FioVsJfio.fio(args) : FioVsJfio.jfio(args);
        assertEquals(0, o.rc(), o.both());
        return JsonParser.parseDocument(o.out().substring(o.out().indexOf('{'))).get("jobs").elements().get(0);
    }

    private static final String[] THINK = {"--size=1g", "--time_based", "--runtime=1s", "--thinktime=10s"};

    private static String[] with(String... more) {
        List<String> l = new ArrayList<>(List.of(THINK));
        l.addAll(List.of(more));
        return l.toArray(new String[0]);
    }

    @Test
    void iotimeBoundsTheIoBeforeTheThink() throws Exception {
        FioVsJfio.fio342();
        StringBuilder table = new StringBuilder();
        long[] ios = new long[6];
        int i = 0;
        for (String[] o : List.of(with(), with("--thinktime_iotime=200ms"),
                with("--thinktime_iotime=200ms", "--thinktime_blocks=5"))) {
            for (boolean fio : new boolean[] {true, false}) {
                JsonNode j = job(fio, o);
                ios[i++] = j.get("read").getLong("total_ios");
                table.append(String.format("%-4s %-50s ios=%d runtime=%d ms%n", fio ? "fio" : "jfio",
                        String.join(" ", o).replace(String.join(" ", THINK), "").trim(), ios[i - 1],
                        j.getLong("job_runtime")));
                // the think is capped at the runtime left: every job ends at its 1 s
                assertTrue(j.getLong("job_runtime") >= 990, table.toString());
            }
        }
        System.out.print(table);
        assertEquals(1, ios[0], table.toString());
        assertEquals(ios[0], ios[1], table.toString());
        // 200 ms of null I/O: thousands of I/Os in both (fio measured 64309 here), not one
        assertTrue(ios[2] > 1000 && ios[3] > 1000, table.toString());
        assertEquals(5, ios[4], table.toString());
        assertEquals(ios[4], ios[5], table.toString());
    }

    @Test
    void thinkcyclesSpinAfterEveryIo() throws Exception {
        FioVsJfio.fio342();
        String[] spin = {"--size=1m", "--thinkcycles=20000"};
        long fio = job(true, spin).getLong("job_runtime");
        long jfio = job(false, spin).getLong("job_runtime");
        long jfioNone = job(false, "--size=1m").getLong("job_runtime");
        System.out.printf("thinkcycles=20000 x 256 I/Os: fio %d ms, jfio %d ms (jfio without: %d ms)%n", fio, jfio,
                jfioNone);
        // 256 x 20000 PAUSE instructions: tens of ms at least, in both; a load only makes a run longer
        assertTrue(fio >= 20, "fio " + fio);
        assertTrue(jfio >= fio / 4 && jfio > jfioNone, "jfio " + jfio + " ms, fio " + fio + " ms, jfio without "
                + jfioNone + " ms");
    }
}
