package io.jfio.plot.chart;

import io.jfio.report.LatencyHistogram;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An axis in fio's histogram bucket index (0..1855), the scale of a latency heatmap: each
 * bucket the same height, so 64 buckets per power of two make it a log2 latency scale above
 * 128 ns. Its ticks are labelled in µs, at the decades (where 1 µs, 10 µs, ... fall).
 */
final class BucketAxis extends NumberAxis {
    private static final long serialVersionUID = 1L;

    BucketAxis(String label) {
        super(label);
        setAutoRangeIncludesZero(false);
    }

    /** Where latency {@code ns} falls on the bucket scale (fractional inside its bucket). */
    static double position(double ns) {
        if (ns < 2 * LatencyHistogram.PLAT_VAL) {
            return Math.max(ns, 0);
        }
        int msb = 63 - Long.numberOfLeadingZeros((long) ns);
        int errorBits = msb - LatencyHistogram.PLAT_BITS;
        double bucketWidth = 1L << errorBits;
        double base = 1L << msb;
        return (errorBits + 1) * (double) LatencyHistogram.PLAT_VAL + (ns - base) / bucketWidth;
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    protected List refreshTicksVertical(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        return ticks(edge);
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    protected List refreshTicksHorizontal(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        return ticks(edge);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private List ticks(RectangleEdge edge) {
        DecimalFormat f = new DecimalFormat("0.####", DecimalFormatSymbols.getInstance(Locale.ROOT));
        List out = new ArrayList();
        boolean vertical = RectangleEdge.isLeftOrRight(edge);
        TextAnchor anchor = vertical ? (edge == RectangleEdge.LEFT ? TextAnchor.CENTER_RIGHT : TextAnchor.CENTER_LEFT)
                : TextAnchor.TOP_CENTER;
        for (double ns = 1; ns < 1e11; ns *= 10) {
            double pos = position(ns);
            if (pos >= getLowerBound() && pos <= getUpperBound()) {
                out.add(new NumberTick(TickType.MAJOR, pos, f.format(ns / 1000.0), anchor, anchor, 0.0));
            }
        }
        return out;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        return ticks(edge);
    }
}
