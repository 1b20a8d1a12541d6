package io.jfio.runner.engines;

import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import io.jfio.runner.cli.Main;
import io.jfio.jobfile.MachineInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * libaio and io_uring through the whole runner (command line in-process) on a loop device: short
 * time_based jobs whose size makes them cross several pass boundaries (the path that once hung
 * in quiesce), one per engine option set; hipri fails with one line.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(LoopDevices.class)
class AsyncEnginesRunIT {
    private LoopDevice loop;

    @BeforeAll
    void attach(@Loop(mib = 16, directIo = true) LoopDevice loopParam) {
        loop = loopParam;
    }

    private String[] run(String engineAndOptions, String rw, int rc) {
        List<String> args = new ArrayList<>(List.of("--name=async", "--filename=" + loop.device(), "--direct=1",
            "--rw=" + rw, "--bs=4k", "--size=1m", "--iodepth=16", "--time_based", "--runtime=300ms",
            "--fsync=32", "--iodepth_batch_submit=4"));
        for (String part : engineAndOptions.split(" ")) {
            args.add("--" + part);
        }
        if (rw.equals("randread")) {
            args.remove("--fsync=32");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int got = Main.run(args.toArray(new String[0]), new PrintStream(out, true), new PrintStream(err, true),
            System.getenv(), MachineInfo.current());
        String o = out.toString();
        String e = err.toString();
        assertEquals(rc, got, engineAndOptions + "\nstdout:\n" + o + "\nstderr:\n" + e);
        return new String[] {o, e};
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "ioengine=libaio",
        "ioengine=libaio userspace_reap iodepth_batch_complete_min=0",
        "ioengine=libaio libaio_vectored=1 nowait=1",
        "ioengine=io_uring",
        "ioengine=io_uring fixedbufs registerfiles",
        "ioengine=io_uring nonvectored=0 force_async=4",
        "ioengine=io_uring sqthread_poll",
        "ioengine=io_uring defer_taskrun=0 nowait=1",
        "ioengine=io_uring iodepth_batch_complete_min=0 iodepth_batch_complete_max=8",
        "ioengine=io_uring sqthread_poll sqthread_poll_cpu=0 fixedbufs nonvectored=0",
        "ioengine=io_uring uncached=1 force_async=1",
    })
    void shortJobsFinishAcrossPassBoundaries(String engine) {
        for (String rw : new String[] {"randwrite", "randread"}) {
            String[] r = run(engine, rw, 0);
            assertTrue(r[0].contains("err= 0"), r[0]);
            assertTrue(r[0].contains("IOPS="), r[0]);
        }
    }

    /** Total I/Os and bytes per direction from a JSON report, e.g. "read 256 1048576 write 0 0". */
    private static String totals(String json) {
        StringBuilder sb = new StringBuilder();
        for (String dir : new String[] {"read", "write", "trim"}) {
            int at = json.indexOf("\"" + dir + "\" : {");
            assertTrue(at >= 0, json);
            sb.append(dir).append(' ').append(field(json, at, "total_ios")).append(' ')
                .append(field(json, at, "io_bytes")).append(' ');
        }
        // Not the sync count: fio's depends on how reads and completions interleave (it re-issues
        // an fsync while the write count stays on a multiple of fsync=N), so it varies run to run.
        int jobErr = json.indexOf("\"error\" : ");
        sb.append("error ").append(json, jobErr + 10, json.indexOf(',', jobErr));
        return sb.toString();
    }

    private static String field(String json, int from, String name) {
        int at = json.indexOf("\"" + name + "\" : ", from);
        int start = at + name.length() + 5;
        int end = start;
        while (Character.isDigit(json.charAt(end))) {
            end++;
        }
        return json.substring(start, end);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "ioengine=libaio rw=randrw",
        "ioengine=libaio userspace_reap iodepth_batch_complete_min=0 rw=write",
        "ioengine=io_uring rw=randrw",
        "ioengine=io_uring fixedbufs registerfiles iodepth_batch_submit=8 rw=randwrite",
        "ioengine=io_uring sqthread_poll rw=read",
        "ioengine=io_uring rw=randtrim",
    })
    void sameIoCountsAsFio(String engine) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isExecutable(java.nio.file.Path.of("/usr/bin/fio")),
            "fio is not installed");
        List<String> args = new ArrayList<>(List.of("--name=diff", "--filename=" + loop.device(), "--direct=1",
            "--bs=4k", "--size=2m", "--iodepth=16", "--fsync=8", "--output-format=json"));
        for (String part : engine.split(" ")) {
            args.add("--" + part);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int rc = Main.run(args.toArray(new String[0]), new PrintStream(out, true), new PrintStream(new ByteArrayOutputStream(), true),
            System.getenv(), MachineInfo.current());
        assertEquals(0, rc);
        List<String> cmd = new ArrayList<>(List.of("/usr/bin/fio"));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String fio = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), fio);
        System.out.println(engine + ": fio [" + totals(fio) + "] jfio [" + totals(out.toString()) + "]");
        assertEquals(totals(fio), totals(out.toString()), engine);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ioengine=io_uring hipri"})
    void hipriOnALoopDeviceFailsWithOneLine(String engine) {
        String[] r = run(engine, "randread", 1);
        String all = r[0] + r[1];
        assertTrue(all.contains("io_poll=0"), all);
        assertTrue(all.lines().filter(l -> l.contains("io_poll")).count() == 1, all);
    }
}
