package io.jfio.jobfile;

import java.util.List;
import java.util.Map;

/**
 * One fio option as the catalogue describes it (fio-options.tsv / fio-engines.tsv).
 *
 * @param slots   how many values it stores: 3 = read/write/trim, 2 = a low/high pair (or read/write for
 *                cmdprio), 1 = one value, 0 = handled only by its callback
 * @param min     smallest accepted value, or null
 * @param max     largest accepted value, or null (INT options are then limited to 32 bits)
 * @param special name of the fio callback that gives the value its own syntax, or null
 * @param choices accepted words of a choice option, in fio's order
 * @param choiceNumbers for numeric options restricted to some values: the allowed values
 * @param engine  the engine the option belongs to, or null for generic options
 * @param profile the built-in profile (act, tiobench) that registers it, or null
 */
public record OptionDef(String name, String alias, OptionType type, int slots, Long min, Long max, String def,
                        int prio, boolean isSeconds, boolean isTime, boolean neg, boolean pow2, String special,
                        String parent, int maxlen, Double minfp, Double maxfp, List<String> choices,
                        Map<String, Long> choiceNumbers, String engine, String profile) {

    boolean matches(String word) {
        return name.equals(word) || (alias != null && alias.equals(word));
    }

    boolean isEngineOption() {
        return engine != null;
    }
}
