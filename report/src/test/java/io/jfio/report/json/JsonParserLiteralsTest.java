package io.jfio.report.json;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** JSON's literals (jfio-compare writes "significant": true) parse beside fio's nan/inf numbers. */
class JsonParserLiteralsTest {
    @Test
    void literalsAndFioNumbers() {
        JsonNode o = JsonParser.parse("{\"t\": true, \"f\": false, \"n\": null, \"x\": nan, \"y\": -inf, \"a\": [true,1]}");
        assertEquals("true", o.getString("t"));
        assertEquals("false", o.getString("f"));
        assertEquals("null", o.getString("n"));
        assertEquals(Double.NaN, o.getDouble("x"));
        assertEquals(Double.NEGATIVE_INFINITY, o.getDouble("y"));
        assertEquals("true", o.get("a").elements().get(0).text());
        assertThrows(IllegalArgumentException.class, () -> JsonParser.parse("{\"t\": tru}"));
    }
}
