package io.jfio.report.json;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** JSON's literals (jfio-compare writes "significant": true) parse beside fio's nan/inf numbers. */
class JsonParserLiteralsTest {
    @Test
    void jsonLiteralsParse() {
        JsonNode o = parseMixed();
        assertEquals("true", o.getString("t"));
        assertEquals("false", o.getString("f"));
        assertEquals("null", o.getString("n"));
        assertEquals("true", o.get("a").elements().get(0).text());
    }

    @Test
    void fiosNonFiniteNumbersParseBesideTheLiterals() {
        JsonNode o = parseMixed();
        assertEquals(Double.NaN, o.getDouble("x"));
        assertEquals(Double.NEGATIVE_INFINITY, o.getDouble("y"));
    }

    @Test
    void aTruncatedLiteralIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> JsonParser.parse("{\"t\": tru}"));
    }

    private static JsonNode parseMixed() {
        return JsonParser.parse("{\"t\": true, \"f\": false, \"n\": null, \"x\": nan, \"y\": -inf, \"a\": [true,1]}");
    }
}
