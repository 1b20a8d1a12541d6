package io.jfio.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.report.format.OutputFormat;
import io.jfio.report.merge.MergeMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The argument reader jfio-report and jfio-merge share. */
class ReportArgsTest {
    @Test
    void readsEveryKindOfArgument() throws Exception {
        ReportArgs a = ReportArgs.read(new String[] {"--output-format=json,terse", "--terse-version=5", "--name=x",
            "a.json", "-"}, Set.of(OutputFormat.NORMAL), List.of("name"), 9);
        assertEquals(Set.of(OutputFormat.JSON, OutputFormat.TERSE), a.formats());
        assertEquals(5, a.terseVersion());
        assertEquals("x", a.value("name"));
        assertEquals(List.of("a.json", "-"), a.inputs());
    }

    @Test
    void defaultsWithoutOptions() throws Exception {
        ReportArgs a = ReportArgs.read(new String[] {"f"}, Set.of(OutputFormat.NORMAL), List.of(), 1);
        assertEquals(Set.of(OutputFormat.NORMAL), a.formats());
        assertEquals(3, a.terseVersion());
    }

    @Test
    void anotherToolsOptionIsUnknown() {
        ReportArgs.UnknownArgument e = assertThrows(ReportArgs.UnknownArgument.class, () ->
                ReportArgs.read(new String[] {"--name=x"}, Set.of(), List.of("fio-version"), 1));
        assertEquals("--name=x", e.getMessage());
    }

    @Test
    void anInputPastTheLimitIsUnknown() {
        ReportArgs.UnknownArgument e = assertThrows(ReportArgs.UnknownArgument.class, () ->
                ReportArgs.read(new String[] {"a", "b"}, Set.of(), List.of(), 1));
        assertEquals("b", e.getMessage());
    }

    @Test
    void helpStopsTheReading() throws Exception {
        ReportArgs a = ReportArgs.read(new String[] {"-h", "--bogus"}, Set.of(), List.of(), 1);
        assertTrue(a.help());
    }

    @Test
    void reportToolNamesTheUnknownArgument() {
        assertEquals("jfio-report: unknown argument --bogus\n", stderrOf(true, "--bogus"));
    }

    @Test
    void mergeNamesTheUnknownArgument() {
        assertEquals("jfio-merge: unknown argument --bogus\n", stderrOf(false, "--bogus"));
    }

    @Test
    void mergeReportsABadTerseVersionAsNotANumber() {
        assertEquals("jfio-merge: not a number: For input string: \"x\"\n", stderrOf(false, "--terse-version=x", "f"));
    }

    private static String stderrOf(boolean report, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(new ByteArrayOutputStream());
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        int rc = report ? ReportTool.run(args, out, e) : MergeMain.run(args, out, e);
        assertEquals(1, rc);
        return err.toString(StandardCharsets.UTF_8);
    }
}
