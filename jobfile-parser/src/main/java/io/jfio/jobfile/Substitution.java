package io.jfio.jobfile;

import java.util.Map;

/**
 * Job-file line substitution: ${VAR} from the environment, then the keywords
 * $pagesize, $mb_memory and $ncpus, after which fio hands the value to bc when it sees an operator.
 */
final class Substitution {
    private final Map<String, String> env;
    private final MachineInfo machine;

    Substitution(Map<String, String> env, MachineInfo machine) {
        this.env = env;
        this.machine = machine;
    }

    /** The substituted line, or null when fio's bc step fails (the option then fails). */
    String apply(String line) {
        String s = env(line);
        return keywords(s);
    }

    String env(String in) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < in.length()) {
            if (in.charAt(i) == '$' && i + 1 < in.length() && in.charAt(i + 1) == '{') {
                int close = in.indexOf('}', i);
                if (close > i + 1) {
                    String v = env.get(in.substring(i + 2, close));
                    if (v != null) {
                        out.append(v);
                    }
                    i = close + 1;
                    continue;
                }
            }
            out.append(in.charAt(i++));
        }
        return out.toString();
    }

    private String keywords(String s) {
        boolean replaced = false;
        String[][] kw = {
            {"$pagesize", Long.toString(machine.pageSize())},
            {"$mb_memory", Long.toString(machine.mbMemory())},
            {"$ncpus", Long.toString(machine.cpus())},
        };
        for (String[] k : kw) {
            if (s.contains(k[0])) {
                s = s.replace(k[0], k[1]);
                replaced = true;
            }
        }
        if (!replaced) {
            return s;
        }
        if ((s.indexOf('+') < 0 && s.indexOf('-') < 0 && s.indexOf('*') < 0 && s.indexOf('/') < 0)
                || s.indexOf('\'') >= 0) {
            return s;
        }
        int eq = s.indexOf('=');
        if (eq < 0) {
            return s;
        }
        String value = s.substring(eq + 1);
        if (s.length() >= 128 || value.length() > 100) {
            return s;
        }
        String result = BcCalculator.evaluate(value);
        return result == null ? null : s.substring(0, eq + 1) + result;
    }
}
