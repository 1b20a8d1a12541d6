package io.jfio.report.json;

/**
 * fio's JSON printer (fio's json.c): two-space indent, {@code "key" : value}, members joined by
 * ",\n", only {@code "} and {@code \} escaped, numbers as their text.
 */
public final class FioJsonPrinter {
    private FioJsonPrinter() {
    }

    /** The document followed by a single newline, as fio ends its JSON output. */
    public static String print(JsonNode root) {
        StringBuilder b = new StringBuilder(1 << 14);
        value(b, root, 0);
        return b.append('\n').toString();
    }

    private static void indent(StringBuilder b, int level) {
        for (int i = 0; i < level; i++) {
            b.append("  ");
        }
    }

    private static void value(StringBuilder b, JsonNode v, int level) {
        switch (v.kind()) {
            case STRING -> string(b, v.text());
            case INT, FLOAT -> b.append(v.text());
            case OBJECT -> {
                b.append("{\n");
                boolean first = true;
                for (JsonNode.Member m : v.members()) {
                    if (!first) {
                        b.append(",\n");
                    }
                    first = false;
                    indent(b, level + 1);
                    string(b, m.key());
                    b.append(" : ");
                    value(b, m.value(), level + 1);
                }
                b.append('\n');
                indent(b, level);
                b.append('}');
            }
            case ARRAY -> {
                b.append("[\n");
                boolean first = true;
                for (JsonNode e : v.elements()) {
                    if (!first) {
                        b.append(",\n");
                    }
                    first = false;
                    indent(b, level + 1);
                    value(b, e, level + 1);
                }
                b.append('\n');
                indent(b, level);
                b.append(']');
            }
            default -> throw new IllegalStateException();
        }
    }

    private static void string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\');
            }
            b.append(c);
        }
        b.append('"');
    }
}
