package io.jfio.runner.verify;

import io.jfio.testsupport.ShmTempDir;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;

/**
 * experimental_verify with loops above 1, as fio's thread_main runs it: each loop is do_io then
 * do_verify; the amount is size x loops over the whole job, with the replay's reads counted as
 * the writes they replay, and the bytes verified are counted once per job, so the first loop is
 * verified, later loops' read-backs find their share done and one loop fewer is written (fio's
 * t0026: loops=8 writes 7 MiB and reads 1 MiB). Totals and the error against fio where installed.
 */
class ExperimentalVerifyLoopsIT {
    @TempDir(factory = ShmTempDir.class)
    Path dir;

    private List<String> args(String extra) {
        List<String> a = new ArrayList<>(List.of("--name=j", "--directory=" + dir, "--filename=ev.dat", "--size=256k",
                "--do_verify=1", "--verify=md5", "--experimental_verify=1", "--output-format=json"));
        a.addAll(Arrays.asList(extra.split(" ")));
        return a;
    }

    private static String totals(FioVsJfio.Outcome o) {
        JsonNode j = FioVsJfio.json(o.out()).get("jobs").elements().get(0);
        return "rc=" + o.rc() + " err=" + j.get("error").asLong() + " read=" + j.get("read").get("total_ios").asLong()
                + "/" + j.get("read").get("io_bytes").asLong() + " write=" + j.get("write").get("total_ios").asLong()
                + "/" + j.get("write").get("io_bytes").asLong();
    }

    @ParameterizedTest
    @CsvSource({
        "--rw=randwrite --loops=2, rc=0 err=0 read=64/262144 write=64/262144",
        "--rw=randwrite --loops=3, rc=0 err=0 read=64/262144 write=128/524288",
        "--rw=randwrite --loops=8, rc=0 err=0 read=64/262144 write=448/1835008",
        "--rw=write --loops=4 --verify_interval=512, rc=0 err=0 read=64/262144 write=192/786432",
        "--rw=randwrite --loops=5 --bsrange=4k-16k, ",
        "--rw=randrw --loops=3, ",
        // without a random map one pass writes the whole size x loops; its replay then meets the
        // last write at the first offset (fio: bad header numberio, err=84)
        "--rw=randwrite --loops=3 --norandommap, rc=1 err=84 read=1/4096 write=192/786432"})
    void countsAsFio(String extra, String expected) throws IOException {
        FioVsJfio.Outcome mine = FioVsJfio.jfio(args(extra));
        String jfio = totals(mine);
        if (expected != null) {
            assertEquals(expected, jfio);
        }
        assertFalse(mine.err().contains("not supported"), mine.err());
        Path fio = FioVsJfio.fioOrNull();
        org.junit.jupiter.api.Assumptions.assumeTrue(fio != null, "skipped: no fio to compare with (set JFIO_FIO342)");
        Files.deleteIfExists(dir.resolve("ev.dat"));
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(args(extra));
        assertEquals(totals(FioVsJfio.run(cmd, 120)), jfio, extra);
    }
}
