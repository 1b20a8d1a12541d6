package io.jfio.engine;

import java.util.List;

/**
 * An option an engine accepts (fio's engine-specific options). Options are validated only once
 * the job's ioengine is known, as fio does; {@code --enghelp=ENGINE} lists them.
 *
 * @param name         the option's name in job files
 * @param type         how the value is read
 * @param defaultValue default as fio prints it, or null when there is none
 * @param help         one line for --enghelp
 * @param choices      for {@link Type#CHOICE}: the accepted values
 * @param minValue     for integers: smallest accepted value
 * @param maxValue     for integers: largest accepted value
 * @param parent       the option this one refines (fio's .parent: --enghelp indents it under it), or null
 * @param choiceHelp   for {@link Type#CHOICE}: one help text per choice (empty when none)
 * @param alias        a second name the option answers to (fio's .alias, e.g. net's proto), or null
 */
public record EngineOption(String name, Type type, String defaultValue, String help,
                           List<String> choices, long minValue, long maxValue,
                           String parent, List<String> choiceHelp, String alias) {

    public EngineOption(String name, Type type, String defaultValue, String help,
                        List<String> choices, long minValue, long maxValue,
                        String parent, List<String> choiceHelp) {
        this(name, type, defaultValue, help, choices, minValue, maxValue, parent, choiceHelp, null);
    }

    public EngineOption(String name, Type type, String defaultValue, String help,
                        List<String> choices, long minValue, long maxValue) {
        this(name, type, defaultValue, help, choices, minValue, maxValue, null, List.of());
    }

    /**
     * BOOL needs a value 0/1 (fio's FIO_OPT_BOOL: a bare {@code nowait} is an error); FLAG may be
     * bare, meaning 1 (fio's FIO_OPT_STR_SET, e.g. {@code hipri}); INT and SIZE take fio's
     * number syntax with k/m/g/t/p suffixes (kb_base 1024).
     */
    public enum Type { BOOL, INT, SIZE, STRING, CHOICE, CPU_LIST, FLAG }

    public static EngineOption bool(String name, String help) {
        return new EngineOption(name, Type.BOOL, "0", help, List.of(), 0, 1);
    }

    /** An option that may be given bare (= 1) or as 0/1 (fio's FIO_OPT_STR_SET), no default. */
    public static EngineOption flag(String name, String help) {
        return new EngineOption(name, Type.FLAG, null, help, List.of(), 0, 0);
    }

    public static EngineOption integer(String name, String def, long min, long max, String help) {
        return new EngineOption(name, Type.INT, def, help, List.of(), min, max);
    }

    public static EngineOption string(String name, String def, String help) {
        return new EngineOption(name, Type.STRING, def, help, List.of(), 0, 0);
    }

    public static EngineOption choice(String name, String def, List<String> choices, String help) {
        return new EngineOption(name, Type.CHOICE, def, help, List.copyOf(choices), 0, 0);
    }

    /** A choice whose values each have a help text, as fio lists them under "valid values". */
    public static EngineOption choice(String name, String def, List<String> choices, List<String> choiceHelp,
                                      String help) {
        return new EngineOption(name, Type.CHOICE, def, help, List.copyOf(choices), 0, 0, null,
            List.copyOf(choiceHelp));
    }

    /** The same option shown under {@code parentName} in --enghelp. */
    public EngineOption under(String parentName) {
        return new EngineOption(name, type, defaultValue, help, choices, minValue, maxValue, parentName, choiceHelp,
            alias);
    }

    /** The same option, also answering to {@code aliasName} (and --enghelp shows it). */
    public EngineOption alias(String aliasName) {
        return new EngineOption(name, type, defaultValue, help, choices, minValue, maxValue, parent, choiceHelp,
            aliasName);
    }
}
