package io.jfio.engine;

import java.util.List;
import java.util.Optional;

/**
 * The text of {@code --enghelp}, {@code --enghelp=ENGINE} and {@code --enghelp=ENGINE,OPTION}
 * in fio's layout, with the exit status fio uses. The runner prints {@link Result#stdout()} and
 * {@link Result#stderr()} as they are.
 */
public final class EngineHelp {
    public record Result(int exitCode, String stdout, String stderr) {
    }

    private EngineHelp() {
    }

    /** @param arg the value after --enghelp=, or null/empty for the bare flag */
    public static Result render(EngineRegistry registry, String arg) {
        if (arg == null || arg.isEmpty()) {
            StringBuilder sb = new StringBuilder("Available IO engines:\n");
            for (IoEngineFactory f : registry.factories()) {
                sb.append('\t').append(f.name()).append('\n');
            }
            return new Result(0, sb.toString(), "");
        }
        String engine = arg;
        String option = null;
        int comma = arg.indexOf(',');
        if (comma >= 0) {
            engine = arg.substring(0, comma);
            option = arg.substring(comma + 1);
        }
        IoEngineFactory f;
        try {
            f = registry.resolve(engine);
        } catch (EngineException e) {
            return new Result(1, "IO engine " + engine + " not found\n", "fio: engine " + engine + " not loadable\n");
        }
        List<EngineOption> options = f.options();
        if (options.isEmpty()) {
            return new Result(1, "IO engine " + engine + " has no options\n", "");
        }
        if (option == null || option.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            for (EngineOption o : options) {
                // fio indents an option two spaces per parent level
                sb.append(String.format("%-24s: %s%n", (o.parent() == null ? "" : "  ") + o.name(), o.help()));
            }
            return new Result(0, sb.toString(), "");
        }
        String wanted = option;
        Optional<EngineOption> match = options.stream().filter(o -> o.name().equals(wanted) || wanted.equals(o.alias())).findFirst();
        if (match.isPresent()) {
            return new Result(0, String.format("%20s: %s%n", match.get().name(), match.get().help()) + optionDetails(match.get()), "");
        }
        EngineOption closest = null;
        int best = Integer.MAX_VALUE;
        for (EngineOption o : options) {
            int d = distance(option, o.name());
            if (d < best) {
                best = d;
                closest = o;
            }
        }
        if (closest != null && best < 3) {
            return new Result(1, " - showing closest match\n" + String.format("%20s: %s%n", closest.name(), closest.help())
                + optionDetails(closest), "No such command: " + option);
        }
        return new Result(1, "\n", "No such command: " + option);
    }

    /** The type/default/range/values block fio prints under an option's help line. */
    static String optionDetails(EngineOption o) {
        StringBuilder sb = new StringBuilder();
        if (o.alias() != null) {
            sb.append(String.format("%20s: %s%n", "alias", o.alias()));
        }
        sb.append(String.format("%20s: %s%n", "type", typeHelp(o.type())));
        sb.append(String.format("%20s: %s%n", "default", o.defaultValue() == null ? "no default" : o.defaultValue()));
        // fio shows no range for booleans, though it enforces 0/1
        boolean ranged = o.type() == EngineOption.Type.INT || o.type() == EngineOption.Type.SIZE;
        if (!o.choices().isEmpty()) {
            for (int i = 0; i < o.choices().size(); i++) {
                sb.append(String.format("%20s: %-10s", i == 0 ? "valid values" : "", o.choices().get(i)));
                if (i < o.choiceHelp().size()) {
                    sb.append(' ').append(o.choiceHelp().get(i));
                }
                sb.append('\n');
            }
        } else if (ranged && (o.minValue() != 0 || o.maxValue() != 0)) {
            sb.append(String.format("%20s: min=%d", "range", o.minValue()));
            if (o.maxValue() != 0) {
                sb.append(", max=").append(o.maxValue());
            }
            sb.append('\n');
        }
        sb.append('\n');
        return sb.toString();
    }

    private static String typeHelp(EngineOption.Type t) {
        switch (t) {
            case BOOL: return "boolean value (opt=1)";
            case FLAG: return "empty or boolean value ([0|1])";
            case INT: return "integer value (opt=100)";
            case SIZE: return "string with possible k/m/g postfix (opt=4k)";
            default: return "string (opt=bla)";
        }
    }

    /** Levenshtein distance, case-insensitive, for the closest-match suggestion. */
    static int distance(String a, String b) {
        a = a.toLowerCase();
        b = b.toLowerCase();
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
