package io.jfio.report.json;

import java.util.ArrayList;
import java.util.List;

/**
 * A JSON value as fio's own writer models it: objects keep insertion order and may repeat a
 * key (duplicate percentiles), numbers keep their text so integers and fio's "%f" floats print
 * back unchanged.
 */
public final class JsonNode {
    public enum Kind { OBJECT, ARRAY, STRING, INT, FLOAT }

    /** One object member. */
    public record Member(String key, JsonNode value) {
    }

    private final Kind kind;
    private final String text;
    private final List<Member> members;
    private final List<JsonNode> elements;

    private JsonNode(Kind kind, String text, List<Member> members, List<JsonNode> elements) {
        this.kind = kind;
        this.text = text;
        this.members = members;
        this.elements = elements;
    }

    public static JsonNode object() {
        return new JsonNode(Kind.OBJECT, null, new ArrayList<>(), null);
    }

    public static JsonNode array() {
        return new JsonNode(Kind.ARRAY, null, null, new ArrayList<>());
    }

    public static JsonNode string(String s) {
        return new JsonNode(Kind.STRING, s, null, null);
    }

    public static JsonNode integer(long v) {
        return new JsonNode(Kind.INT, Long.toString(v), null, null);
    }

    /** A float as fio prints it ("%f"). */
    public static JsonNode floating(double v) {
        return new JsonNode(Kind.FLOAT, io.jfio.report.CFormat.f(v), null, null);
    }

    /** A number from its source text (readers); kind FLOAT when it has a fraction or exponent. */
    public static JsonNode number(String text) {
        boolean f = text.indexOf('.') >= 0 || text.indexOf('e') >= 0 || text.indexOf('E') >= 0
                || text.contains("nan") || text.contains("inf");
        return new JsonNode(f ? Kind.FLOAT : Kind.INT, text, null, null);
    }

    public Kind kind() {
        return kind;
    }

    /** Adds a member (objects) and returns this. */
    public JsonNode put(String key, JsonNode value) {
        members.add(new Member(key, value));
        return this;
    }

    public JsonNode put(String key, long v) {
        return put(key, integer(v));
    }

    public JsonNode putFloat(String key, double v) {
        return put(key, floating(v));
    }

    public JsonNode put(String key, String v) {
        return put(key, string(v));
    }

    /** Adds an element (arrays) and returns this. */
    public JsonNode add(JsonNode value) {
        elements.add(value);
        return this;
    }

    public List<Member> members() {
        return members;
    }

    public List<JsonNode> elements() {
        return elements;
    }

    /** First member with that key, or null. */
    public JsonNode get(String key) {
        if (members == null) {
            return null;
        }
        for (Member m : members) {
            if (m.key().equals(key)) {
                return m.value();
            }
        }
        return null;
    }

    public boolean has(String key) {
        return get(key) != null;
    }

    public String text() {
        return text;
    }

    public long asLong() {
        if (kind == Kind.FLOAT) {
            return (long) asDouble();
        }
        return Long.parseLong(text);
    }

    public double asDouble() {
        if (text.endsWith("nan")) {
            return Double.NaN;
        }
        if (text.endsWith("inf")) {
            return text.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return Double.parseDouble(text);
    }

    public long getLong(String key) {
        JsonNode n = get(key);
        return n == null ? 0 : n.asLong();
    }

    public double getDouble(String key) {
        JsonNode n = get(key);
        return n == null ? 0 : n.asDouble();
    }

    public String getString(String key) {
        JsonNode n = get(key);
        return n == null ? null : n.text();
    }
}
