package io.jfio.plot.input;

import io.jfio.report.json.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * jfio-compare's {@code --output-format=json} (one object) or jfio-multi's
 * {@code comparison.json} (an array of them): per metric B vs A as a relative difference with
 * its confidence interval ({@code rel_ci_low}, {@code rel_ci_high}: Fieller's interval of B / A,
 * minus 1). jfio-plot draws what jfio-compare computed; it does not recompute statistics.
 */
public final class ComparisonFile {
    /**
     * One metric. {@code relLow}/{@code relHigh} are NaN when the row has no interval (no test);
     * {@code relHigh} is +infinity when jfio-compare printed it unbounded (the key is absent while
     * rel_ci_low is present).
     */
    public record Row(String metric, String unit, String basis, double meanA, double meanB, double relDiff,
                      double relLow, double relHigh, String verdict, String note) {
        public boolean hasInterval() {
            return !Double.isNaN(relLow);
        }
    }

    /** One comparison: A's and B's labels and the rows. */
    public record Comparison(String labelA, String labelB, double confidence, List<Row> rows) {
    }

    private ComparisonFile() {
    }

    /** True when the document is a jfio-compare object or an array of them. */
    public static boolean isComparison(JsonNode root) {
        if (root.kind() == JsonNode.Kind.ARRAY) {
            return !root.elements().isEmpty() && root.elements().stream().allMatch(ComparisonFile::isOne);
        }
        return isOne(root);
    }

    private static boolean isOne(JsonNode o) {
        return o.kind() == JsonNode.Kind.OBJECT && o.has("metrics") && o.has("a") && o.has("b");
    }

    public static List<Comparison> read(JsonNode root) {
        List<Comparison> out = new ArrayList<>();
        if (root.kind() == JsonNode.Kind.ARRAY) {
            for (JsonNode c : root.elements()) {
                out.add(one(c));
            }
        } else {
            out.add(one(root));
        }
        return out;
    }

    private static Comparison one(JsonNode c) {
        List<Row> rows = new ArrayList<>();
        for (JsonNode m : c.get("metrics").elements()) {
            double low = m.has("rel_ci_low") ? m.getDouble("rel_ci_low") : Double.NaN;
            double high = m.has("rel_ci_high") ? m.getDouble("rel_ci_high")
                    : m.has("rel_ci_low") ? Double.POSITIVE_INFINITY : Double.NaN;
            rows.add(new Row(m.getString("metric"), m.getString("unit"), m.getString("basis"), num(m, "mean_a"),
                    num(m, "mean_b"), num(m, "rel_diff"), low, high, m.getString("verdict"), m.getString("note")));
        }
        double conf = c.has("confidence") ? c.getDouble("confidence") : 1 - c.getDouble("alpha");
        return new Comparison(c.get("a").getString("label"), c.get("b").getString("label"), conf, List.copyOf(rows));
    }

    private static double num(JsonNode o, String key) {
        return o.has(key) ? o.getDouble(key) : Double.NaN;
    }
}
