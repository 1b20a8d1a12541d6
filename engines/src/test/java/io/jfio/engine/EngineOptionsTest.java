package io.jfio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Messages and rules checked against fio 3.33's --parse-only and --enghelp. */
class EngineOptionsTest {
    private static final List<EngineOption> PVSYNC2 = EngineRegistry.load().find("pvsync2").orElseThrow().options();

    private static EngineOptions parse(String... kv) throws EngineException {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return EngineOptions.parse(PVSYNC2, m);
    }

    private static String error(String... kv) {
        return assertThrows(EngineException.class, () -> parse(kv)).getMessage();
    }

    @Test
    void unsetOptionsHaveTheirDefaults() throws EngineException {
        EngineOptions o = parse();
        assertFalse(o.getBool("hipri"));
        assertEquals(100, o.getInt("hipri_percentage"));
        assertEquals(0, o.getLong("uncached"));
        assertFalse(o.isSet("nowait"));
    }

    @Test
    void givenValuesAreReadAsFioReadsThem() throws EngineException {
        EngineOptions o = parse("hipri", "", "hipri_percentage", "50", "uncached", "4k", "nowait", "1");
        assertTrue(o.getBool("hipri"), "a bare flag means 1");
        assertEquals(50, o.getInt("hipri_percentage"));
        assertEquals(4096, o.getLong("uncached"), "integers take k/m/g suffixes");
        assertTrue(o.getBool("nowait"));
        assertEquals(0x10, parse("uncached", "0x10").getLong("uncached"));
        assertEquals(2, parse("hipri", "2").getLong("hipri"), "fio accepts any integer for a flag");
        assertEquals(-1, parse("hipri_percentage", "-1").getLong("hipri_percentage"), "fio checks no minimum of 0");
    }

    @Test
    void fioMessages() {
        assertEquals("hipri_percentage: max value out of range: 101 (100 max)\nfio: failed parsing hipri_percentage",
            error("hipri_percentage", "101"));
        assertEquals("hipri_percentage: max value out of range: 51200 (100 max)\nfio: failed parsing hipri_percentage",
            error("hipri_percentage", "50k"));
        assertEquals("fio: failed parsing hipri_percentage", error("hipri_percentage", "abc"));
        assertEquals("Option hipri_percentage requires an argument\nfio: failed parsing hipri_percentage",
            error("hipri_percentage", ""));
        assertEquals("max value out of range: 2 (1 max)\nfio: failed parsing nowait", error("nowait", "2"));
        assertEquals("fio: failed parsing nowait", error("nowait", "yes"));
        assertEquals("Option nowait requires an argument\nfio: failed parsing nowait", error("nowait", ""));
        assertEquals("fio: failed parsing hipri", error("hipri", "on"));
        assertEquals("Bad option <sqthread_poll>", error("sqthread_poll", "1"));
    }

    @Test
    void enginesWithoutOptionsRejectAny() {
        EngineException e = assertThrows(EngineException.class, () -> EngineOptions.none(Map.of("hipri", "")));
        assertEquals("Bad option <hipri>", e.getMessage());
    }

    @Test
    void numberSyntax() {
        assertEquals(1048576L, EngineOptions.parseNumber("1m"));
        assertEquals(1048576L, EngineOptions.parseNumber("1MiB"));
        assertEquals(3L << 30, EngineOptions.parseNumber("3g"));
        assertEquals(null, EngineOptions.parseNumber("1x"));
        assertEquals(null, EngineOptions.parseNumber(""));
    }

    @Test
    void enghelpLayout() {
        EngineRegistry r = EngineRegistry.load();
        EngineHelp.Result list = EngineHelp.render(r, null);
        assertEquals(0, list.exitCode());
        assertTrue(list.stdout().startsWith("Available IO engines:\n\t"));
        assertTrue(list.stdout().contains("\tpvsync2\n"));

        EngineHelp.Result all = EngineHelp.render(r, "pvsync2");
        assertEquals(0, all.exitCode());
        String[] lines = all.stdout().split("\n");
        assertEquals(4, lines.length);
        assertTrue(lines[0].startsWith("hipri                   : "), lines[0]);
        assertTrue(lines[1].startsWith("hipri_percentage        : "), lines[1]);

        EngineHelp.Result one = EngineHelp.render(r, "pvsync2,hipri_percentage");
        String[] l = one.stdout().split("\n", -1);
        assertTrue(l[0].startsWith("    hipri_percentage: "), l[0]);
        assertEquals("                type: integer value (opt=100)", l[1]);
        assertEquals("             default: 100", l[2]);
        assertEquals("               range: min=0, max=100", l[3]);
        assertEquals("", l[4]);
        EngineHelp.Result flag = EngineHelp.render(r, "pvsync2,hipri");
        assertTrue(flag.stdout().contains("                type: empty or boolean value ([0|1])\n"
            + "             default: no default\n\n"), flag.stdout());
        EngineHelp.Result bool = EngineHelp.render(r, "pvsync2,nowait");
        assertTrue(bool.stdout().endsWith("                type: boolean value (opt=1)\n"
            + "             default: no default\n\n"), bool.stdout());

        EngineHelp.Result none = EngineHelp.render(r, "psync");
        assertEquals(new EngineHelp.Result(1, "IO engine psync has no options\n", ""), none);
        EngineHelp.Result unknown = EngineHelp.render(r, "nosuch");
        assertEquals(new EngineHelp.Result(1, "IO engine nosuch not found\n", "fio: engine nosuch not loadable\n"), unknown);
        EngineHelp.Result close = EngineHelp.render(r, "pvsync2,hipr");
        assertEquals(1, close.exitCode());
        assertEquals("No such command: hipr", close.stderr());
        assertTrue(close.stdout().startsWith(" - showing closest match\n               hipri: "));
        EngineHelp.Result far = EngineHelp.render(r, "pvsync2,nosuch");
        assertEquals(new EngineHelp.Result(1, "\n", "No such command: nosuch"), far);
    }
}
