package io.jfio.plot.input;

/** One line of a chart: a name and its points (x ascending), in the units the chart's axes say. */
public record Series(String name, double[] x, double[] y) {
    public Series {
        if (x.length != y.length) {
            throw new IllegalArgumentException("x and y differ in length");
        }
    }

    /** From (x, y) pairs. */
    public static Series of(String name, java.util.List<double[]> pts) {
        double[] x = new double[pts.size()];
        double[] y = new double[pts.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = pts.get(i)[0];
            y[i] = pts.get(i)[1];
        }
        return new Series(name, x, y);
    }

    public int size() {
        return x.length;
    }

    /**
     * At most {@code max} points: beyond that, the points are averaged in equal runs of
     * consecutive points (x and y), so a per-I/O log of millions of lines stays a chart of a few
     * thousand points with the same shape and the same time span.
     */
    public Series atMost(int max) {
        int n = x.length;
        if (n <= max) {
            return this;
        }
        double[] ox = new double[max];
        double[] oy = new double[max];
        for (int k = 0; k < max; k++) {
            int from = (int) ((long) k * n / max);
            int to = (int) ((long) (k + 1) * n / max);
            double sx = 0;
            double sy = 0;
            for (int i = from; i < to; i++) {
                sx += x[i];
                sy += y[i];
            }
            ox[k] = sx / (to - from);
            oy[k] = sy / (to - from);
        }
        return new Series(name, ox, oy);
    }
}
