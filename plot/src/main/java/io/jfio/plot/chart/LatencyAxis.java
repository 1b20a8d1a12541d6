package io.jfio.plot.chart;

import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A base-10 log axis for latencies whose tick labels are plain strings ("0.1", "10", "1000").
 * LogAxis labels its ticks with attributed strings, which a Graphics2D can only draw as glyph
 * outlines; plain strings become SVG {@code <text>}, which is smaller and can be read back.
 */
final class LatencyAxis extends LogAxis {
    private static final long serialVersionUID = 1L;

    LatencyAxis(String label) {
        super(label);
        setBase(10);
        setSmallestValue(1e-4);
        setMinorTickMarksVisible(true);
        setTickUnit(new NumberTickUnit(1)); // one label per decade
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        DecimalFormat f = new DecimalFormat("0.####", DecimalFormatSymbols.getInstance(Locale.ROOT));
        List out = new ArrayList();
        for (Object o : super.refreshTicks(g2, state, dataArea, edge)) {
            ValueTick t = (ValueTick) o;
            String text = t.getTickType() == TickType.MAJOR ? f.format(t.getValue()) : "";
            out.add(new NumberTick(t.getTickType(), t.getValue(), text, t.getTextAnchor(), t.getRotationAnchor(),
                    t.getAngle()));
        }
        return out;
    }
}
