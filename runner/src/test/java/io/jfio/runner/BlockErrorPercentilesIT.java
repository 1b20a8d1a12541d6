package io.jfio.runner;

import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * block_error_percentiles, fio against jfio: trims on a loop device (BLKDISCARD) fill fio's trim
 * block states, printed as the normal report's "block lifetime percentiles" lines and the json
 * "block" object; on a regular file psync's trim fails (ENOTTY), every block stays unwritten and
 * fio prints the heading with zero counts and no json object. fio 3.33 and 3.42 abort
 * (stat.c:808 assertion) as soon as their sort compares a trimmed block with a block after it
 * that is not zero, so the cases here are those fio reports: one block, or the first of two.
 */
@Timeout(120)
@ExtendWith(LoopDevices.class)
class BlockErrorPercentilesIT {
    private static List<String> args(String file, String... more) {
        List<String> a = new ArrayList<>(List.of("--name=t", "--filename=" + file, "--rw=trim", "--bs=4k",
                "--block_error_percentiles=1"));
        a.addAll(List.of(more));
        return a;
    }

    /** The report's block lines: from "block lifetime percentiles" to the states line. */
    private static String blockLines(FioVsJfio.Outcome o) {
        String out = o.out();
        int from = out.indexOf("  block lifetime percentiles :");
        assertTrue(from >= 0, "no block lines: " + o.both());
        int states = out.indexOf("        states               :", from);
        return out.substring(from, out.indexOf('\n', states) + 1);
    }

    /** An object of objects of integers as "key.key=value" lines, in order. */
    private static String flat(JsonNode o) {
        StringBuilder b = new StringBuilder();
        for (JsonNode.Member m : o.members()) {
            for (JsonNode.Member v : m.value().members()) {
                b.append(m.key()).append('.').append(v.key()).append('=').append(v.value().asLong()).append('\n');
            }
        }
        return b.toString();
    }

    @Test
    void normalAndJsonMatchFioOnATrimmedBlock(@Loop(mib = 1) LoopDevice dev) throws Exception {
        FioVsJfio.fio();
        for (List<String> a : List.of(args(dev.device(), "--size=4k"),
                args(dev.device(), "--size=8k", "--number_ios=1"),
                args(dev.device(), "--size=4k", "--percentile_list=50:100"))) {
            FioVsJfio.Outcome fio = FioVsJfio.fio(a);
            FioVsJfio.Outcome jfio = FioVsJfio.jfio(a);
            assertEquals(0, fio.rc(), fio.both());
            assertEquals(0, jfio.rc(), jfio.both());
            assertEquals(blockLines(fio), blockLines(jfio), String.join(" ", a));
            List<String> j = new ArrayList<>(a);
            j.add("--output-format=json");
            JsonNode fb = FioVsJfio.json(FioVsJfio.fio(j).out()).get("jobs").elements().get(0).get("block");
            JsonNode jb = FioVsJfio.json(FioVsJfio.jfio(j).out()).get("jobs").elements().get(0).get("block");
            assertNotNull(fb, "fio's block object");
            assertNotNull(jb, "jfio's block object");
            assertEquals(flat(fb), flat(jb), String.join(" ", a));
        }
        // the numbers themselves, as fio printed them
        String two = blockLines(FioVsJfio.jfio(args(dev.device(), "--size=8k", "--number_ios=1")));
        assertTrue(two.contains("| 1.00th=1, 5.00th=1, 10.00th=1,") && two.endsWith(
                "states               : unwritten=1, trimmed=1, written=0, trim failure=0, write failure=0\n"), two);
    }

    @Test
    void aFileWhoseTrimsFailLeavesEveryBlockUnwritten(@TempDir Path dir) throws Exception {
        FioVsJfio.fio();
        List<String> a = args(dir.resolve("f").toString(), "--size=16k");
        FioVsJfio.Outcome fio = FioVsJfio.fio(a);
        FioVsJfio.Outcome jfio = FioVsJfio.jfio(a);
        assertEquals("  block lifetime percentiles :\n   |        states               : unwritten=0, trimmed=0,"
                + " written=0, trim failure=0, write failure=0\n", blockLines(fio));
        assertEquals(blockLines(fio), blockLines(jfio));
        a.add("--output-format=json");
        for (FioVsJfio.Outcome o : List.of(FioVsJfio.fio(a), FioVsJfio.jfio(a))) {
            String out = o.out().substring(o.out().indexOf('{'));
            JsonNode job = FioVsJfio.json(out).get("jobs").elements().get(0);
            assertEquals(25, job.get("error").asLong(), "ENOTTY");
            assertEquals(null, job.get("block"), "no block object without a trimmed block");
        }
    }

    @Test
    void tooManyBlocksOrFilesAreRefusedAsByFio(@TempDir Path dir) throws Exception {
        FioVsJfio.fio();
        List<String> big = args(dir.resolve("f").toString(), "--size=33m");
        for (FioVsJfio.Outcome o : List.of(FioVsJfio.fio(big), FioVsJfio.jfio(big))) {
            assertEquals(1, o.rc(), o.both());
            // fio 3.42's line (3.33 names filesetup.c:1287)
            assertTrue(o.err().replace("filesetup.c:1287", "filesetup.c:1349").contains(
                    "fio: cannot calculate block histogram with 8448 trim blocks, maximum 8192\n"
                    + "fio: pid=0, err=22/file:filesetup.c:1349, func=block_error_hist, error=Invalid argument"),
                    o.both());
        }
        List<String> two = new ArrayList<>(List.of("--name=t", "--directory=" + dir, "--nrfiles=2", "--size=64k",
                "--rw=trim", "--bs=4k", "--block_error_percentiles=1"));
        for (FioVsJfio.Outcome o : List.of(FioVsJfio.fio(two), FioVsJfio.jfio(two))) {
            assertEquals(1, o.rc(), o.both());
            assertTrue(o.err().contains(
                    "fio: block error histogram only available with a single file per job, but 2 files provided"),
                    o.both());
        }
    }
}
