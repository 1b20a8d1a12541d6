package io.jfio.runner.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.jfio.runner.support.FioVsJfio;

/**
 * What the mtd engine and net's protocol=vsock do on a machine without MTD devices or a vsock
 * loopback (as this one and CI): the same refusals, lines and exit status as fio's. Their I/O is
 * checked against fio 3.42 in lab guests (LabGuestIT, VsockLabIT).
 */
class MtdVsockSetupTest {

    /** The lines both tools print for a refused job: libmtd's, the verror, fio's messages (pids aside). */
    private static List<String> errorLines(String text) {
        return text.lines()
            .filter(l -> l.startsWith("libmtd:") || l.startsWith("file:") || l.startsWith("fio: pid=")
                || l.startsWith("fio: connect") || l.startsWith("fio: did you") || l.startsWith("fio: invalid CID")
                || l.startsWith("fio: network IO"))
            .map(l -> l.replaceAll("pid=\\d+", "pid=N"))
            .collect(Collectors.toList());
    }

    @ParameterizedTest
    @ValueSource(strings = {"/dev/null", "regular"})
    void mtdRefusesFilesThatAreNotMtdDevicesAsFio(String which, @TempDir Path dir) throws IOException {
        Path fio = FioVsJfio.fioWithEngine("mtd");
        assumeTrue(fio != null, "skipped: no fio with the mtd engine");
        String file = which;
        if (which.equals("regular")) {
            Path f = dir.resolve("w3-not-mtd");
            Files.write(f, new byte[1 << 20]);
            file = f.toString();
        }
        List<String> args = List.of("--name=m", "--ioengine=mtd", "--filename=" + file, "--rw=read", "--bs=4k",
            "--size=1m");
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(args);
        FioVsJfio.Outcome theirs = FioVsJfio.run(cmd, 60);
        FioVsJfio.Outcome mine = FioVsJfio.jfio(args);
        List<String> expected = errorLines(theirs.both());
        assertFalse(expected.isEmpty(), theirs.both());
        assertEquals(expected, errorLines(mine.both()), mine.both());
        assertEquals(theirs.rc(), mine.rc(), mine.both());
    }

    @Test
    void mtdListsFiosOptions() {
        FioVsJfio.Outcome o = FioVsJfio.jfio(List.of("--enghelp=mtd"));
        assertEquals(0, o.rc());
        assertEquals("skip_bad                : Skip operations against known bad blocks.\n", o.out());
    }

    /**
     * vsock set-up errors as fio 3.42's net.c (3.33 has no vsock): a sender without a hostname
     * (with the listen hint for a reader), a negative CID, no port. jfio's pid line names its own
     * place, so the messages and the exit status are compared.
     */
    @ParameterizedTest
    @ValueSource(strings = {"--port=9|--rw=write", "--port=9|--rw=read", "--port=9|--hostname=-1|--rw=write",
        "--hostname=1|--rw=write"})
    void vsockSetupErrorsAsFio342(String extra) throws IOException {
        Path fio = FioVsJfio.fio342();
        List<String> args = new ArrayList<>(List.of("--name=c", "--ioengine=net", "--protocol=vsock", "--size=1m",
            "--bs=4k"));
        args.addAll(List.of(extra.split("\\|")));
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(args);
        FioVsJfio.Outcome theirs = FioVsJfio.run(cmd, 60);
        FioVsJfio.Outcome mine = FioVsJfio.jfio(args);
        List<String> expected = errorLines(theirs.both()).stream().filter(l -> !l.startsWith("fio: pid="))
            .collect(Collectors.toList());
        assertFalse(expected.isEmpty(), theirs.both());
        assertEquals(expected, errorLines(mine.both()).stream().filter(l -> !l.startsWith("fio: pid="))
            .collect(Collectors.toList()), mine.both());
        assertEquals(theirs.rc(), mine.rc(), mine.both());
    }
}
