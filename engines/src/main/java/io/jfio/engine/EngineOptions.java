package io.jfio.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An engine's options parsed from {@link EngineContext#engineOptions()} by fio's rules, as a
 * typed view. Parsing happens only once the job's engine is known (fio validates engine options
 * then too). Failures carry the lines fio prints on stderr, e.g.
 * <pre>
 * hipri_percentage: max value out of range: 101 (100 max)
 * fio: failed parsing hipri_percentage
 * </pre>
 * (the caller adds {@code fio: job NAME dropped}).
 */
public final class EngineOptions {
    private final Map<String, EngineOption> declared = new HashMap<>();
    private final Map<String, Object> values = new HashMap<>();

    private EngineOptions() {
    }

    /** Parses {@code given} against the engine's declared options; unknown names are rejected. */
    public static EngineOptions parse(List<EngineOption> options, Map<String, String> given) throws EngineException {
        EngineOptions eo = new EngineOptions();
        for (EngineOption o : options) {
            eo.declared.put(o.name(), o);
            if (o.alias() != null) {
                eo.declared.put(o.alias(), o);
            }
        }
        for (EngineOption o : options) {
            if (o.defaultValue() != null && o.type() != EngineOption.Type.FLAG) {
                eo.values.put(o.name(), eo.convert(o, o.defaultValue(), true));
            }
        }
        for (Map.Entry<String, String> e : given.entrySet()) {
            EngineOption o = eo.declared.get(e.getKey());
            if (o == null) {
                throw new EngineException("Bad option <" + e.getKey() + ">");
            }
            eo.values.put(o.name(), eo.convert(o, e.getValue(), false));
        }
        return eo;
    }

    /** An engine without options: any given option is an error. */
    public static EngineOptions none(Map<String, String> given) throws EngineException {
        return parse(List.of(), given);
    }

    private Object convert(EngineOption o, String raw, boolean isDefault) throws EngineException {
        String v = raw == null || raw.isEmpty() ? null : raw;
        String failed = "fio: failed parsing " + o.name();
        switch (o.type()) {
            case FLAG:
            case BOOL: {
                long n;
                if (v == null) {
                    if (o.type() == EngineOption.Type.BOOL) {
                        // the job file's "nowait" and "nowait=" reach us alike (bare = "")
                        throw new EngineException("Option " + o.name() + " requires an argument\n" + failed);
                    }
                    n = 1;
                } else {
                    Long parsed = leadingInt(v);
                    if (parsed == null) {
                        throw new EngineException(failed);
                    }
                    n = parsed;
                }
                long max = o.type() == EngineOption.Type.BOOL && o.maxValue() == 0 ? 1 : o.maxValue();
                if (max != 0 && n > max) {
                    throw new EngineException("max value out of range: " + n + " (" + max + " max)\n" + failed);
                }
                if (o.minValue() != 0 && n < o.minValue()) {
                    throw new EngineException("min value out of range: " + n + " (" + o.minValue() + " min)\n" + failed);
                }
                return n;
            }
            case INT:
            case SIZE: {
                if (v == null) {
                    throw new EngineException("Option " + o.name() + " requires an argument\n" + failed);
                }
                Long n = parseNumber(v);
                if (n == null) {
                    throw new EngineException(failed);
                }
                if (o.maxValue() != 0 && n > o.maxValue()) {
                    throw new EngineException(o.name() + ": max value out of range: " + Long.toUnsignedString(n)
                        + " (" + o.maxValue() + " max)\n" + failed);
                }
                if (o.minValue() != 0 && n < o.minValue()) {
                    throw new EngineException(o.name() + ": min value out of range: " + n
                        + " (" + o.minValue() + " min)\n" + failed);
                }
                return n;
            }
            case CHOICE: {
                if (v == null || !o.choices().contains(v)) {
                    throw new EngineException(failed);
                }
                return v;
            }
            case CPU_LIST: {
                if (v == null || !v.matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")) {
                    throw new EngineException(failed);
                }
                return v;
            }
            case STRING:
            default:
                if (v == null) {
                    throw new EngineException("Option " + o.name() + " requires an argument\n" + failed);
                }
                return v;
        }
    }

    /** sscanf("%d")-like: optional sign and digits at the start (hex with 0x); rest ignored. */
    static Long leadingInt(String s) {
        String t = s.trim();
        try {
            if (t.length() > 2 && t.charAt(0) == '0' && (t.charAt(1) == 'x' || t.charAt(1) == 'X')) {
                int end = 2;
                while (end < t.length() && Character.digit(t.charAt(end), 16) >= 0) {
                    end++;
                }
                return end == 2 ? null : (long) (int) Long.parseLong(t.substring(2, end), 16);
            }
            int end = 0;
            if (end < t.length() && (t.charAt(end) == '-' || t.charAt(end) == '+')) {
                end++;
            }
            int digits = end;
            while (end < t.length() && Character.isDigit(t.charAt(end))) {
                end++;
            }
            return end == digits ? null : (long) Integer.parseInt(t.substring(0, end));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * fio's number syntax for integer and size options (kb_base=1024): decimal or 0x hex, an
     * optional sign, and an optional unit k/m/g/t/p/e (with or without i/b: all powers of 1024).
     */
    public static Long parseNumber(String s) {
        String t = s.trim().toLowerCase();
        int i = 0;
        boolean neg = false;
        if (i < t.length() && (t.charAt(i) == '-' || t.charAt(i) == '+')) {
            neg = t.charAt(i) == '-';
            i++;
        }
        long n;
        int start;
        if (t.startsWith("0x", i)) {
            start = i + 2;
            int end = start;
            while (end < t.length() && Character.digit(t.charAt(end), 16) >= 0) {
                end++;
            }
            if (end == start) {
                return null;
            }
            n = Long.parseUnsignedLong(t.substring(start, end), 16);
            i = end;
        } else {
            start = i;
            while (i < t.length() && Character.isDigit(t.charAt(i))) {
                i++;
            }
            if (i == start) {
                return null;
            }
            try {
                n = Long.parseLong(t.substring(start, i));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        String unit = t.substring(i).trim();
        int shift;
        switch (unit) {
            case "": case "b": shift = 0; break;
            case "k": case "kb": case "kib": shift = 10; break;
            case "m": case "mb": case "mib": shift = 20; break;
            case "g": case "gb": case "gib": shift = 30; break;
            case "t": case "tb": case "tib": shift = 40; break;
            case "p": case "pb": case "pib": shift = 50; break;
            case "e": case "eb": case "eib": shift = 60; break;
            default: return null;
        }
        n <<= shift;
        return neg ? -n : n;
    }

    /** True when the job set the option (as opposed to its default applying). */
    public boolean isSet(String name) {
        return values.containsKey(name);
    }

    private Object value(String name) {
        if (!declared.containsKey(name)) {
            throw new IllegalArgumentException("engine declares no option " + name);
        }
        return values.get(name);
    }

    /** Numeric value of a BOOL/FLAG/INT/SIZE option; 0 when unset without default. */
    public long getLong(String name) {
        Object v = value(name);
        return v == null ? 0 : (Long) v;
    }

    public int getInt(String name) {
        return (int) getLong(name);
    }

    public boolean getBool(String name) {
        return getLong(name) != 0;
    }

    /** String value of a STRING/CHOICE/CPU_LIST option; null when unset without default. */
    public String getString(String name) {
        Object v = value(name);
        return v == null ? null : v.toString();
    }
}
