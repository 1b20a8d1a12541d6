package io.jfio.runner.engines;

import io.jfio.testsupport.Ports;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.jfio.runner.support.FioVsJfio;

/**
 * The net listener's "fio: waiting for connection" line, which fio logs in every output format:
 * the text before the json or terse report on stdout, or in the --output file, is the same in
 * jfio as in the installed fio (a script that waits for a listener reads it there).
 */
class NetListenerLogFioIT {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"json", "terse", "json --output"})
    void waitingLineBeforeTheReportAsFio(String mode) throws Exception {
        Path fio = FioVsJfio.fio();
        String format = mode.split(" ")[0];
        boolean toFile = mode.endsWith("--output");
        String fioText = run(fio, format, toFile);
        String jfioText = run(null, format, toFile);
        assertEquals("fio: waiting for connection\n", beforeReport(fioText, format), "fio " + fio + ":\n" + fioText);
        assertEquals(beforeReport(fioText, format), beforeReport(jfioText, format), "jfio:\n" + jfioText);
    }

    /** One run of a listening reader and a connecting writer over TCP on the loopback interface. */
    private String run(Path fio, String format, boolean toFile) throws IOException {
        String who = fio == null ? "jfio" : "fio";
        Path job = dir.resolve(who + ".fio");
        Files.writeString(job, "[global]\nioengine=net\nprotocol=tcp\nport=" + Ports.free() + "\nbs=4k\nsize=1m\n"
            + "[receiver]\nlisten\nrw=read\n[sender]\nhostname=127.0.0.1\nstartdelay=1\nrw=write\n");
        Path outFile = dir.resolve(who + ".out");
        List<String> args = new ArrayList<>(List.of("--output-format=" + format));
        if (toFile) {
            args.add("--output=" + outFile);
        }
        args.add(job.toString());
        FioVsJfio.Outcome o;
        if (fio == null) {
            o = FioVsJfio.jfio(args);
        } else {
            // fio's own pair fails now and then on a loaded machine (its sender connecting before
            // its listener, or EPIPE when the link closes): a few tries, then skip naming it
            args.add(0, fio.toString());
            o = FioVsJfio.run(args, 120);
            for (int t = 1; t < 3 && o.rc() != 0; t++) {
                o = FioVsJfio.run(args, 120);
            }
            FioVsJfio.Outcome last = o;
            Assumptions.assumeTrue(o.rc() == 0, () -> "skipped: fio's own listener/sender pair failed 3 times: "
                + last.both());
        }
        assertEquals(0, o.rc(), who + ": " + o.both());
        return toFile ? Files.readString(outFile, StandardCharsets.UTF_8) : o.out();
    }

    /** What comes before the report: its "{" line (json) or its first "3;" record (terse). */
    private static String beforeReport(String text, String format) {
        String start = format.equals("json") ? "{\n" : "3;";
        int i = text.startsWith(start) ? 0 : text.indexOf("\n" + start) + 1;
        return i <= 0 && !text.startsWith(start) ? text : text.substring(0, i);
    }

}
