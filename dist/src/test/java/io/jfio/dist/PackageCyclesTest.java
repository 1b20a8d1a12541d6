package io.jfio.dist;

import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** No package of main code depends, through any chain of imports, on a package that depends on it. */
class PackageCyclesTest {

    @Test
    void mainCodeHasNoPackageCycles() {
        Map<String, Set<String>> deps = new TreeMap<>();
        for (SourceTree.Source s : SourceTree.read("main")) {
            Set<String> out = deps.computeIfAbsent(s.pkg(), k -> new TreeSet<>());
            for (String p : s.importedPackages()) {
                if (p.startsWith("io.jfio.") && !p.equals(s.pkg())) {
                    out.add(p);
                }
            }
        }
        assertFalse(deps.size() < 10, "the scan found too few packages: " + deps.keySet());
        assertEquals(List.of(), cycles(deps), "package cycles (each list is one strongly connected set)");
    }

    /** The detector itself: a two-package cycle and a three-package one are found, a chain is not. */
    @Test
    void detectorFindsCycles() {
        Map<String, Set<String>> g = new TreeMap<>();
        g.put("a", Set.of("b"));
        g.put("b", Set.of("a", "c"));
        g.put("c", Set.of("d"));
        g.put("d", Set.of("e"));
        g.put("e", Set.of("c"));
        g.put("f", Set.of("a"));
        assertEquals(List.of(List.of("a", "b"), List.of("c", "d", "e")), cycles(g));
    }

    /** Tarjan's strongly connected components of more than one package, each sorted. */
    static List<List<String>> cycles(Map<String, Set<String>> g) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<List<String>> out = new ArrayList<>();
        int[] counter = {0};
        for (String v : g.keySet()) {
            if (!index.containsKey(v)) {
                connect(v, g, index, low, stack, onStack, out, counter);
            }
        }
        out.sort((x, y) -> x.get(0).compareTo(y.get(0)));
        return out;
    }

    private static void connect(String v, Map<String, Set<String>> g, Map<String, Integer> index,
            Map<String, Integer> low, Deque<String> stack, Set<String> onStack, List<List<String>> out, int[] counter) {
        index.put(v, counter[0]);
        low.put(v, counter[0]++);
        stack.push(v);
        onStack.add(v);
        for (String w : g.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, g, index, low, stack, onStack, out, counter);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            List<String> scc = new ArrayList<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                scc.add(w);
            } while (!w.equals(v));
            if (scc.size() > 1) {
                scc.sort(null);
                out.add(scc);
            }
        }
    }
}
