package io.jfio.plot.chart;

import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;

import java.awt.Rectangle;

/**
 * A chart drawn to SVG. The SVG's ids (clip paths, gradients) start with the chart's id, so
 * several charts inline in one HTML page without clashing.
 *
 * @param id    the chart's id: the SVG element's id and the prefix of every id inside it
 * @param title the chart's title
 * @param svg   the {@code <svg>} element
 * @param info  where JFreeChart drew the plot (its data area): what tests map coordinates with
 */
public record SvgChart(String id, String title, JFreeChart chart, int width, int height, String svg,
                       ChartRenderingInfo info) {
    public static final int WIDTH = 800;
    public static final int HEIGHT = 450;

    static {
        // Text as SVG <text> (a rotate transform for the vertical axis label), not as glyph
        // outlines: a tenth of the size, selectable, and what the tests read back.
        org.jfree.chart.text.TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    public static SvgChart render(String id, JFreeChart chart) {
        return render(id, chart, WIDTH, HEIGHT);
    }

    public static SvgChart render(String id, JFreeChart chart, int width, int height) {
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        g.setDefsKeyPrefix(id + "-");
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.draw(g, new Rectangle(0, 0, width, height), info);
        String title = chart.getTitle() == null ? id : chart.getTitle().getText();
        return new SvgChart(id, title, chart, width, height, g.getSVGElement(id), info);
    }

    /** The SVG as a file of its own: an XML declaration and the element. */
    public String document() {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg + "\n";
    }
}
