package io.jfio.multi;

import io.jfio.compare.Comparison;
import io.jfio.compare.ResultSample;
import io.jfio.compare.ResultSet;

import java.util.ArrayList;
import java.util.List;

/**
 * Instance groups compared at the end of a multi run. "--compare 1,2" compares instance 1 with
 * 2; "--compare 1+3,2+4" compares the group {1,3} with {2,4}: every run of every instance of a
 * group is one sample of it. Without --compare: instance 1 vs 2 for two instances, and
 * consecutive pairs (1 vs 2, 3 vs 4, ...) for an even number.
 */
public final class Groups {
    /** Two groups of 1-based instance numbers. */
    public record Pair(List<Integer> a, List<Integer> b) {
    }

    private Groups() {
    }

    /** Parses "1,2" or "1+3,2+4"; throws IllegalArgumentException with a user message. */
    public static Pair parse(String spec, int instances) {
        String[] sides = spec.split(",");
        if (sides.length != 2) {
            throw new IllegalArgumentException("--compare wants two groups: A,B (e.g. 1,2 or 1+3,2+4), not " + spec);
        }
        return new Pair(group(sides[0], instances), group(sides[1], instances));
    }

    private static List<Integer> group(String g, int instances) {
        List<Integer> out = new ArrayList<>();
        for (String p : g.split("\\+")) {
            int n;
            try {
                n = Integer.parseInt(p.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--compare: not an instance number: " + p);
            }
            if (n < 1 || n > instances) {
                throw new IllegalArgumentException("--compare: no instance " + n + " (1.." + instances + ")");
            }
            out.add(n);
        }
        return out;
    }

    public static List<Pair> defaults(int instances) {
        List<Pair> out = new ArrayList<>();
        if (instances >= 2 && instances % 2 == 0) {
            for (int i = 1; i < instances; i += 2) {
                out.add(new Pair(List.of(i), List.of(i + 1)));
            }
        }
        return out;
    }

    public static Comparison compare(Pair p, List<List<InstanceResult>> runs, double alpha) {
        return new Comparison(set(p.a(), runs), set(p.b(), runs), alpha);
    }

    static ResultSet set(List<Integer> group, List<List<InstanceResult>> runs) {
        List<ResultSample> samples = new ArrayList<>();
        String label = null;
        for (List<InstanceResult> run : runs) {
            for (InstanceResult r : run) {
                if (group.contains(r.instance().number()) && r.result() != null) {
                    samples.add(Summary.sample(r));
                }
            }
        }
        for (List<InstanceResult> run : runs) {
            for (InstanceResult r : run) {
                if (group.size() == 1 && r.instance().number() == group.get(0)) {
                    label = r.instance().fileStem() + " (" + r.instance().label() + ")";
                }
            }
            break;
        }
        if (label == null) {
            StringBuilder b = new StringBuilder("instances ");
            for (int i = 0; i < group.size(); i++) {
                b.append(i == 0 ? "" : "+").append(group.get(i));
            }
            label = b.toString();
        }
        return new ResultSet(label, samples);
    }
}
