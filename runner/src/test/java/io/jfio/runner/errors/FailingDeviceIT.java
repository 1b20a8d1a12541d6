package io.jfio.runner.errors;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;
import io.jfio.testsupport.FailingDevice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * EIO from a failing disk (a loop device over a FUSE file that fails chosen ranges) on psync,
 * libaio and io_uring, against fio on the same device: err=, exit status, the io_u error line,
 * I/O counts, and total_err/first_error under continue_on_error. O_DIRECT only: buffered I/O
 * meets the failure at writeback or readahead, whose timing the page cache decides.
 */
@Timeout(300)
class FailingDeviceIT {
    private static final long MIB = 1 << 20;

    @Test
    void eioOnEveryEngineAsFio() throws Exception {
        FioVsJfio.fio();
        FailingDevice.assumeAvailable();
        try (FailingDevice dev = FailingDevice.create(4 * MIB)) {
            dev.failReads(MIB, 4096);
            dev.failWrites(MIB, 4096);
            dev.holdAfterFailure(250);
            StringBuilder table = new StringBuilder();
            for (String engine : new String[] {"psync", "libaio", "io_uring"}) {
                for (String rw : new String[] {"read", "write"}) {
                    Outcome[] o = compare(engine + " " + rw + " EIO at 1 MiB", args(dev, engine, "--rw=" + rw), table);
                    String line = "fio: io_u error on file " + dev.device() + ": Input/output error: " + rw
                            + " offset=1048576, buflen=4096";
                    assertTrue(o[0].err().contains(line), "fio's line: " + o[0].err());
                    assertTrue(o[1].err().contains(line), "jfio's line: " + o[1].err());
                }
            }
            dev.heal();
            dev.failReads(MIB, 64 << 10);
            dev.failWrites(MIB, 64 << 10);
            for (String engine : new String[] {"psync", "libaio", "io_uring"}) {
                List<String> a = args(dev, engine, "--rw=randrw");
                a.addAll(List.of("--continue_on_error=all", "--randrepeat=1", "--norandommap"));
                compare(engine + " randrw coe=all, 64 KiB failing", a, table);
            }
            long[] failed = dev.failures();
            System.out.print(table);
            System.out.println("failing disk refused " + failed[0] + " reads, " + failed[1] + " writes");
            assertTrue(failed[0] > 0 && failed[1] > 0, "the rig failed nothing");
        }
    }

    private static List<String> args(FailingDevice dev, String engine, String rw) {
        return new ArrayList<>(List.of("--name=eio", "--filename=" + dev.device(), "--ioengine=" + engine,
                "--iodepth=8", rw, "--bs=4k", "--size=2m", "--direct=1", "--output-format=json"));
    }

    private static Outcome[] compare(String name, List<String> args, StringBuilder table) throws Exception {
        Outcome f = FioVsJfio.fio(args);
        Outcome j = FioVsJfio.jfio(args);
        JsonNode fj = job(f);
        JsonNode jj = job(j);
        table.append(String.format("%-44s fio rc=%d err=%d ios=%d/%d total_err=%s first_error=%s | jfio rc=%d err=%d "
                        + "ios=%d/%d total_err=%s first_error=%s%n", name, f.rc(), fj.getLong("error"), ios(fj, "read"),
                ios(fj, "write"), opt(fj, "total_err"), opt(fj, "first_error"), j.rc(), jj.getLong("error"),
                ios(jj, "read"), ios(jj, "write"), opt(jj, "total_err"), opt(jj, "first_error")));
        assertEquals(f.rc(), j.rc(), name + ": exit status\n" + j.both());
        assertEquals(fj.getLong("error"), jj.getLong("error"), name + ": err");
        assertEquals(5, jj.getLong("error"), name + ": err is EIO");
        assertEquals(opt(fj, "total_err"), opt(jj, "total_err"), name + ": total_err");
        assertEquals(opt(fj, "first_error"), opt(jj, "first_error"), name + ": first_error");
        if (args.contains("--ioengine=psync") || args.contains("--continue_on_error=all")) {
            assertEquals(ios(fj, "read"), ios(jj, "read"), name + ": reads issued");
            assertEquals(ios(fj, "write"), ios(jj, "write"), name + ": writes issued");
        } else {
            // Stopping at the error leaves up to iodepth I/Os in flight, counted by both: how many of
            // them were already submitted is the scheduler's choice in either tool. The rig holds
            // every request after the refusal, so no later completion overtakes the error's.
            long n = ios(jj, "read") + ios(jj, "write");
            assertTrue(n >= 257 && n <= 256 + 8, name + ": I/Os issued " + n);
        }
        return new Outcome[] {f, j};
    }

    private static long ios(JsonNode job, String dir) {
        return job.get(dir).getLong("total_ios");
    }

    private static String opt(JsonNode job, String key) {
        return job.has(key) ? Long.toString(job.getLong(key)) : "-";
    }

    private static JsonNode job(Outcome o) {
        String out = o.out();
        int start = out.indexOf('{');
        assertTrue(start >= 0, "json report in:\n" + o.both());
        return JsonParser.parseDocument(out.substring(start)).get("jobs").elements().get(0);
    }
}
