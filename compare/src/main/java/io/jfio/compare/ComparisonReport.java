package io.jfio.compare;

import io.jfio.report.json.FioJsonPrinter;
import io.jfio.report.json.JsonNode;

import java.util.List;
import java.util.Locale;

/** Prints a {@link Comparison} as a table for people or as JSON for tools. */
public final class ComparisonReport {
    private ComparisonReport() {
    }

    public static String table(Comparison c) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "A: %s (%s)%nB: %s (%s)%n", c.a().label(), count(c.a()), c.b().label(),
                count(c.b())));
        for (String e : Comparison.errors(c.a())) {
            b.append("A error: ").append(e).append('\n');
        }
        for (String e : Comparison.errors(c.b())) {
            b.append("B error: ").append(e).append('\n');
        }
        int conf = (int) Math.round((1 - c.alpha()) * 100);
        String fmt = "%-16s %-6s %12s %12s %9s %-21s %9s %9s %-9s %s%n";
        b.append(String.format(Locale.ROOT, fmt, "metric", "unit", "mean A", "mean B", "B vs A",
                conf + "% CI of B vs A", "p", "n A/B", "basis", "verdict"));
        for (Comparison.Row r : c.rows()) {
            Metric m = r.metric();
            String ci = "";
            if (r.ratio() != null && !Double.isNaN(r.ratio().low())) {
                ci = "[" + pct(r.ratio().low() - 1) + ", "
                        + (Double.isInfinite(r.ratio().high()) ? "unbounded" : pct(r.ratio().high() - 1)) + "]";
            }
            b.append(String.format(Locale.ROOT, fmt, m.label, m.unit(), m.cell(r.meanA()), m.cell(r.meanB()),
                    pct(r.relDiff()), ci, r.welch() == null ? "-" : p(r.p()), r.nA() + "/" + r.nB(),
                    basis(r.basis()) + (r.independenceNote() != null ? "*" : ""), r.verdict()));
        }
        c.rows().stream().map(Comparison.Row::independenceNote).filter(java.util.Objects::nonNull).distinct()
                .forEach(n -> b.append("* ").append(n).append('\n'));
        b.append(String.format(Locale.ROOT, "CI: Fieller's interval of B / A, as B vs A (1 inside it exactly when p >= alpha); "));
        b.append(String.format(Locale.ROOT, "Welch's t-test, alpha %s; basis: results = one value per result "
                + "(repeat or instance), intervals = fio's bw/iops windows of single runs%n", trim(c.alpha())));
        return b.toString();
    }

    public static JsonNode json(Comparison c) {
        JsonNode root = JsonNode.object();
        root.put("a", side(c.a()));
        root.put("b", side(c.b()));
        root.put("alpha", JsonNode.number(trim(c.alpha())));
        root.put("confidence", JsonNode.number(trim(1 - c.alpha())));
        JsonNode metrics = JsonNode.array();
        for (Comparison.Row r : c.rows()) {
            JsonNode o = JsonNode.object();
            o.put("metric", r.metric().key());
            o.put("unit", r.metric().kind == Metric.Kind.BW ? "bytes/s" : r.metric().kind == Metric.Kind.IOPS
                    ? "1/s" : "ns");
            o.put("basis", basis(r.basis()));
            o.put("n_a", r.nA());
            o.put("n_b", r.nB());
            putNumber(o, "mean_a", r.meanA());
            putNumber(o, "mean_b", r.meanB());
            putNumber(o, "rel_diff", r.relDiff());
            if (r.welch() != null) {
                Welch.Result w = r.welch();
                putNumber(o, "diff", w.diff());
                putNumber(o, "ci_low", w.ciLow());
                putNumber(o, "ci_high", w.ciHigh());
                if (r.ratio() != null) {
                    putNumber(o, "rel_ci_low", r.ratio().low() - 1);
                    putNumber(o, "rel_ci_high", r.ratio().high() - 1);
                }
                putNumber(o, "t", w.t());
                putNumber(o, "df", w.df());
                putNumber(o, "p", w.p());
                putNumber(o, "sd_a", Math.sqrt(w.a().variance()));
                putNumber(o, "sd_b", Math.sqrt(w.b().variance()));
                if (r.basis() == Comparison.Basis.INTERVALS) {
                    putNumber(o, "n_eff_a", w.a().effectiveN());
                    putNumber(o, "n_eff_b", w.b().effectiveN());
                }
            }
            o.put("significant", JsonNode.number(Boolean.toString(r.significant())));
            o.put("verdict", r.verdict());
            if (r.independenceNote() != null) {
                o.put("note", r.independenceNote());
            }
            metrics.add(o);
        }
        root.put("metrics", metrics);
        return root;
    }

    public static String jsonText(Comparison c) {
        return FioJsonPrinter.print(json(c));
    }

    /** Several comparisons as one JSON array (jfio-multi's comparison.json). */
    public static String jsonText(List<Comparison> cs) {
        JsonNode a = JsonNode.array();
        for (Comparison c : cs) {
            a.add(json(c));
        }
        return FioJsonPrinter.print(a);
    }

    private static JsonNode side(ResultSet s) {
        JsonNode o = JsonNode.object();
        o.put("label", s.label());
        JsonNode src = JsonNode.array();
        for (ResultSample r : s.samples()) {
            src.add(JsonNode.string(r.source()));
        }
        o.put("results", src);
        JsonNode errs = JsonNode.array();
        for (String e : Comparison.errors(s)) {
            errs.add(JsonNode.string(e));
        }
        o.put("errors", errs);
        return o;
    }

    /** Finite numbers only: JSON has no NaN or infinity, so those keys are left out. */
    private static void putNumber(JsonNode o, String key, double v) {
        if (Double.isFinite(v)) {
            o.put(key, JsonNode.number(num(v)));
        }
    }

    private static String num(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v) + ".0";
        }
        return Double.toString(v);
    }

    private static String trim(double v) {
        return String.format(Locale.ROOT, "%.4f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    private static String count(ResultSet s) {
        int n = s.samples().size();
        return n + (n == 1 ? " result" : " results");
    }

    private static String basis(Comparison.Basis b) {
        return switch (b) {
            case RESULTS -> "results";
            case INTERVALS -> "intervals";
            case NONE -> "-";
        };
    }

    private static String pct(double r) {
        if (!Double.isFinite(r)) {
            return "-";
        }
        return String.format(Locale.ROOT, "%+.1f%%", r * 100);
    }

    private static String p(double p) {
        if (p < 0.0001) {
            return String.format(Locale.ROOT, "%.1e", p);
        }
        return String.format(Locale.ROOT, "%.4f", p);
    }
}
