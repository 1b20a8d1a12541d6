package io.jfio.plot.chart;

import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYZDataset;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;

/**
 * The heatmap's blocks, each a block-width wide ending at its x and a block-height high from
 * its y, filled in its count's colour. XYBlockRenderer also strokes every block's outline in
 * the same colour, which doubles the SVG (a long run's heatmap has thousands of cells) for
 * nothing to see; this one only fills.
 */
final class HeatBlockRenderer extends XYBlockRenderer {
    private static final long serialVersionUID = 1L;

    @Override
    public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D dataArea, PlotRenderingInfo info,
                         XYPlot plot, ValueAxis domainAxis, ValueAxis rangeAxis, XYDataset dataset, int series,
                         int item, CrosshairState crosshairState, int pass) {
        double x = dataset.getXValue(series, item);
        double y = dataset.getYValue(series, item);
        double z = ((XYZDataset) dataset).getZValue(series, item);
        double x0 = domainAxis.valueToJava2D(x - getBlockWidth(), dataArea, plot.getDomainAxisEdge());
        double x1 = domainAxis.valueToJava2D(x, dataArea, plot.getDomainAxisEdge());
        double y0 = rangeAxis.valueToJava2D(y, dataArea, plot.getRangeAxisEdge());
        double y1 = rangeAxis.valueToJava2D(y + getBlockHeight(), dataArea, plot.getRangeAxisEdge());
        g2.setPaint(getPaintScale().getPaint(z));
        g2.fill(new Rectangle2D.Double(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0)));
    }
}
