package io.jfio.report.json;

/**
 * A small strict JSON reader for fio's documents. Keeps member order and duplicate keys and
 * number text; also accepts fio's non-JSON "nan"/"inf" floats. Text before the first '{'
 * (3.42 may write error messages there) is skipped by {@link #parseDocument}.
 */
public final class JsonParser {
    /** JSON's literals (jfio-compare's JSON has "significant": true); fio's own documents have none. */
    private static final String[] LITERALS = {"true", "false", "null"};

    private final String s;
    private int pos;

    private JsonParser(String s, int pos) {
        this.s = s;
        this.pos = pos;
    }

    /** Parses the first JSON object in the text, skipping anything before its line's '{'. */
    public static JsonNode parseDocument(String text) {
        int start = text.startsWith("{") ? 0 : text.indexOf("\n{");
        if (start < 0) {
            throw new IllegalArgumentException("no JSON document found");
        }
        if (start > 0) {
            start++;
        }
        return new JsonParser(text, start).parseValue();
    }

    public static JsonNode parse(String text) {
        JsonParser p = new JsonParser(text, 0);
        JsonNode v = p.parseValue();
        p.ws();
        if (p.pos != text.length()) {
            throw p.error("trailing text");
        }
        return v;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("JSON: " + what + " at offset " + pos);
    }

    private void ws() {
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
                pos++;
            } else {
                break;
            }
        }
    }

    private JsonNode parseValue() {
        ws();
        if (pos >= s.length()) {
            throw error("unexpected end");
        }
        char c = s.charAt(pos);
        switch (c) {
            case '{':
                return parseObject();
            case '[':
                return parseArray();
            case '"':
                return JsonNode.string(parseString());
            default:
                for (String literal : LITERALS) {
                    if (s.startsWith(literal, pos)) {
                        pos += literal.length();
                        return JsonNode.number(literal); // kept as text, as numbers are
                    }
                }
                return parseNumber();
        }
    }

    private JsonNode parseObject() {
        JsonNode o = JsonNode.object();
        pos++;
        ws();
        if (peek() == '}') {
            pos++;
            return o;
        }
        while (true) {
            ws();
            if (peek() != '"') {
                throw error("expected key");
            }
            String key = parseString();
            ws();
            if (peek() != ':') {
                throw error("expected ':'");
            }
            pos++;
            o.put(key, parseValue());
            ws();
            char c = peek();
            pos++;
            if (c == '}') {
                return o;
            }
            if (c != ',') {
                throw error("expected ',' or '}'");
            }
        }
    }

    private JsonNode parseArray() {
        JsonNode a = JsonNode.array();
        pos++;
        ws();
        if (peek() == ']') {
            pos++;
            return a;
        }
        while (true) {
            a.add(parseValue());
            ws();
            char c = peek();
            pos++;
            if (c == ']') {
                return a;
            }
            if (c != ',') {
                throw error("expected ',' or ']'");
            }
        }
    }

    private char peek() {
        if (pos >= s.length()) {
            throw error("unexpected end");
        }
        return s.charAt(pos);
    }

    private String parseString() {
        pos++;
        StringBuilder b = new StringBuilder();
        while (true) {
            char c = peek();
            pos++;
            if (c == '"') {
                return b.toString();
            }
            if (c == '\\') {
                char e = peek();
                pos++;
                switch (e) {
                    case 'n' -> b.append('\n');
                    case 't' -> b.append('\t');
                    case 'r' -> b.append('\r');
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'u' -> {
                        b.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                        pos += 4;
                    }
                    default -> b.append(e);
                }
            } else {
                b.append(c);
            }
        }
    }

    private JsonNode parseNumber() {
        int start = pos;
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
                    || c == 'n' || c == 'a' || c == 'i' || c == 'f') {
                pos++;
            } else {
                break;
            }
        }
        if (start == pos) {
            throw error("unexpected character '" + s.charAt(pos) + "'");
        }
        return JsonNode.number(s.substring(start, pos));
    }
}
