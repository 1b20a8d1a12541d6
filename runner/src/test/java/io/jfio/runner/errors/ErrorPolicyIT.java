package io.jfio.runner.errors;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;
import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The error policy against fio on the same jobs: fatal EINVAL/ENOSPC/EOPNOTSUPP with
 * continue_on_error on psync, libaio and io_uring (err=, exit status, total_err and
 * first_error), ignore_error and error_dump on /dev/full, max_latency, the exit status of
 * several failed jobs, exitall_on_error.
 */
@Timeout(240)
@ExtendWith(LoopDevices.class)
class ErrorPolicyIT {
    @Test
    void fatalErrorsWithContinueOnErrorCountAsFiosOnEveryEngine(@Loop(mib = 16) LoopDevice dev) throws Exception {
        FioVsJfio.fio();
        String[][] cases = {
            {"psync", "EINVAL", "--filename=" + dev.device(), "--rw=randread", "--bs=1000", "--direct=1"},
            {"libaio", "EINVAL", "--filename=" + dev.device(), "--rw=randread", "--bs=1000", "--direct=1"},
            {"io_uring", "EINVAL", "--filename=" + dev.device(), "--rw=randread", "--bs=1000", "--direct=1"},
            {"psync", "ENOSPC", "--filename=/dev/full", "--rw=write", "--bs=4k"},
            {"io_uring", "ENOSPC", "--filename=/dev/full", "--rw=write", "--bs=4k"},
            {"io_uring", "EOPNOTSUPP", "--filename=" + dev.device(), "--rw=read", "--bs=4k", "--uncached=1"},
            {"pvsync2", "EOPNOTSUPP", "--filename=" + dev.device(), "--rw=read", "--bs=4k", "--uncached=1"},
        };
        StringBuilder table = new StringBuilder();
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of("--name=coe", "--ioengine=" + c[0], "--iodepth=8",
                    "--size=1m", "--continue_on_error=all", "--output-format=json"));
            args.addAll(List.of(c).subList(2, c.length));
            compare(c[0] + " " + c[1], args, table);
        }
        System.out.print(table);
    }

    /**
     * io_submit refusing the first iocb (RWF_NOWAIT on a tmpfs file: EOPNOTSUPP from the submit
     * call itself, not from a completion): fio's libaio commit fails, the job stops with
     * func=io commit after one issued I/O, counted only when continue_on_error covers it.
     */
    @Test
    void libaioSubmitRefusalFailsTheJobAtCommitAsFio() throws Exception {
        FioVsJfio.fio();
        Path file = Path.of("/dev/shm/errors-nowait-" + ProcessHandle.current().pid());
        try {
            Files.write(file, new byte[1 << 20]);
            StringBuilder table = new StringBuilder();
            for (String rw : new String[] {"read", "write"}) {
                for (String coe : new String[] {"none", "all", "read"}) {
                    List<String> args = List.of("--name=nw", "--ioengine=libaio", "--iodepth=8", "--nowait=1",
                            "--filename=" + file, "--rw=" + rw, "--bs=4k", "--size=1m", "--continue_on_error=" + coe,
                            "--output-format=json");
                    Outcome[] o = compare("libaio nowait=1 on tmpfs " + rw + " coe=" + coe, args, table);
                    JsonNode f = job(o[0]);
                    JsonNode j = job(o[1]);
                    assertEquals(f.get(rw).getLong("total_ios"), j.get(rw).getLong("total_ios"), "issued");
                    if (o[0].both().contains("func=io commit")) {
                        assertTrue(o[1].both().contains("func=io commit, error=Operation not supported"), o[1].both());
                        assertEquals(count(o[0].err()), count(o[1].err()), "no io_u error line: " + o[1].err());
                    }
                }
            }
            System.out.print(table);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void ignoreErrorOnDevFullAsFio() throws Exception {
        devFullAsFio("--ignore_error=,ENOSPC --continue_on_error=write", "--ignore_error=,28",
                "--ignore_error=,ENOSPC:EIO --continue_on_error=read");
    }

    @Test
    void errorDumpOnDevFullAsFio() throws Exception {
        devFullAsFio("--ignore_error=,ENOSPC --continue_on_error=write --error_dump=1");
    }

    /** Writes to /dev/full with each set of error options, through psync and io_uring, against fio. */
    private void devFullAsFio(String... extras) throws Exception {
        FioVsJfio.fio();
        StringBuilder table = new StringBuilder();
        for (String engine : new String[] {"psync", "io_uring"}) {
            for (String extra : extras) {
                List<String> args = new ArrayList<>(List.of("--name=ign", "--ioengine=" + engine, "--iodepth=4",
                        "--filename=/dev/full", "--rw=write", "--bs=4k", "--size=64k", "--output-format=json"));
                args.addAll(List.of(extra.split(" ")));
                Outcome[] o = compare(engine + " " + extra, args, table);
                assertEquals(count(o[0].err()), count(o[1].err()), "io_u error lines: " + o[1].err());
            }
        }
        System.out.print(table);
    }

    @Test
    void maxLatencyStopsTheJobWithEtimedoutAsFio() throws Exception {
        FioVsJfio.fio();
        Path file = Path.of("/dev/shm/errors-maxlat-" + ProcessHandle.current().pid());
        try {
            List<String> args = List.of("--name=ml", "--filename=" + file, "--rw=write", "--bs=4k", "--size=1m",
                    "--max_latency=1", "--output-format=json");
            StringBuilder table = new StringBuilder();
            Outcome[] o = compare("max_latency=1", args, table);
            System.out.print(table);
            assertEquals(110, job(o[1]).getLong("error"));
            for (Outcome x : o) {
                assertTrue(x.err().contains("exceeds specified max (1000 nsec): " + file + " write 0 4096"), x.err());
                assertTrue(x.both().contains("func=max latency exceeded"), x.both());
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void exitStatusCountsTheFailedJobsAsFio() throws Exception {
        FioVsJfio.fio();
        List<String> args = new ArrayList<>();
        for (String n : new String[] {"a", "b", "c"}) {
            args.addAll(List.of("--name=" + n, "--filename=/dev/full", "--rw=write", "--size=64k"));
        }
        args.addAll(List.of("--name=ok", "--ioengine=null", "--size=1m"));
        Outcome f = FioVsJfio.fio(args);
        Outcome j = FioVsJfio.jfio(args);
        System.out.println("three failing jobs of four: fio status " + f.rc() + ", jfio " + j.rc());
        assertEquals(3, f.rc());
        assertEquals(f.rc(), j.rc());
    }

    @Test
    void exitallOnErrorAsFio() throws Exception {
        FioVsJfio.fio();
        List<String> args = List.of("--name=bad", "--filename=/dev/full", "--rw=write", "--size=64k", "--name=long",
                "--ioengine=null", "--size=1g", "--time_based", "--runtime=2", "--exitall_on_error",
                "--output-format=json");
        Outcome f = FioVsJfio.fio(args);
        Outcome j = FioVsJfio.jfio(args);
        long fr = jobs(f).get(1).get("read").getLong("runtime");
        long jr = jobs(j).get(1).get("read").getLong("runtime");
        System.out.printf("exitall_on_error: fio status %d, other job ran %d ms; jfio status %d, %d ms%n", f.rc(), fr,
                j.rc(), jr);
        assertEquals(f.rc(), j.rc());
        // fio 3.42 lets the other job of the group run its course: so must jfio (within the same second).
        assertEquals(fr >= 1500, jr >= 1500, "other job's runtime: fio " + fr + " jfio " + jr);
    }

    private static long count(String err) {
        return err.lines().filter(l -> l.startsWith("fio: io_u error")).count();
    }

    /** Runs fio and jfio, compares exit status, err, total_err and first_error; returns both outcomes. */
    private static Outcome[] compare(String name, List<String> args, StringBuilder table) throws Exception {
        Outcome f = FioVsJfio.fio(args);
        Outcome j = FioVsJfio.jfio(args);
        JsonNode fj = job(f);
        JsonNode jj = job(j);
        table.append(String.format("%-60s fio rc=%d err=%d total_err=%s first_error=%s | jfio rc=%d err=%d "
                        + "total_err=%s first_error=%s%n", name, f.rc(), fj.getLong("error"), opt(fj, "total_err"),
                opt(fj, "first_error"), j.rc(), jj.getLong("error"), opt(jj, "total_err"), opt(jj, "first_error")));
        assertEquals(f.rc(), j.rc(), name + ": exit status\n" + j.both());
        assertEquals(fj.getLong("error"), jj.getLong("error"), name + ": err");
        assertEquals(opt(fj, "total_err"), opt(jj, "total_err"), name + ": total_err");
        assertEquals(opt(fj, "first_error"), opt(jj, "first_error"), name + ": first_error");
        return new Outcome[] {f, j};
    }

    private static String opt(JsonNode job, String key) {
        return job.has(key) ? Long.toString(job.getLong(key)) : "-";
    }

    private static JsonNode job(Outcome o) {
        return jobs(o).get(0);
    }

    private static List<JsonNode> jobs(Outcome o) {
        String out = o.out();
        int start = out.indexOf('{');
        assertTrue(start >= 0, "json report in:\n" + o.both());
        return JsonParser.parseDocument(out.substring(start)).get("jobs").elements();
    }
}
