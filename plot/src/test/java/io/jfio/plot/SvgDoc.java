package io.jfio.plot;

import io.jfio.plot.chart.SvgChart;
import org.jfree.chart.plot.XYPlot;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import java.awt.Color;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An SVG parsed with the JDK's XML parser, and what the tests read out of it. */
final class SvgDoc {
    private static final Pattern POINT = Pattern.compile("[ML](-?[0-9.]+(?:E-?\\d+)?),(-?[0-9.]+(?:E-?\\d+)?)");

    final Document doc;

    private SvgDoc(Document doc) {
        this.doc = doc;
    }

    /** Parses the text as XML (namespace-aware, no DTDs): fails the test on any error. */
    static SvgDoc parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        DocumentBuilder b = f.newDocumentBuilder();
        b.setErrorHandler(null);
        Document d = b.parse(new InputSource(new StringReader(xml)));
        if (!"svg".equals(d.getDocumentElement().getLocalName())
                || !"http://www.w3.org/2000/svg".equals(d.getDocumentElement().getNamespaceURI())) {
            throw new AssertionError("root is not an SVG element: " + d.getDocumentElement().getTagName());
        }
        return new SvgDoc(d);
    }

    List<Element> elements(String name) {
        NodeList l = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", name);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < l.getLength(); i++) {
            out.add((Element) l.item(i));
        }
        return out;
    }

    /** The text of every {@code <text>} element, in document order. */
    List<String> texts() {
        List<String> out = new ArrayList<>();
        for (Element e : elements("text")) {
            out.add(e.getTextContent());
        }
        return out;
    }

    static String rgb(Color c) {
        return "rgb(" + c.getRed() + "," + c.getGreen() + "," + c.getBlue() + ")";
    }

    /** The points of the longest {@code <path>} stroked in that colour (itself or its group): a series' line. */
    List<Point2D> seriesPath(Color c) {
        List<Point2D> best = List.of();
        for (Element e : elements("path")) {
            String style = e.getAttribute("style") + ";" + (e.getParentNode() instanceof Element g
                    ? g.getAttribute("style") : "");
            if (!style.contains("stroke:" + rgb(c))) {
                continue;
            }
            List<Point2D> pts = new ArrayList<>();
            Matcher m = POINT.matcher(e.getAttribute("d"));
            while (m.find()) {
                pts.add(new Point2D.Double(Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))));
            }
            if (pts.size() > best.size()) {
                best = pts;
            }
        }
        return best;
    }

    /** Every {@code <rect>} filled in that colour (bars), as rectangles. */
    List<Rectangle2D> rects(Color c) {
        List<Rectangle2D> out = new ArrayList<>();
        for (Element e : elements("rect")) {
            if (e.getAttribute("style").contains("fill:" + rgb(c))) {
                out.add(new Rectangle2D.Double(d(e, "x"), d(e, "y"), d(e, "width"), d(e, "height")));
            }
        }
        return out;
    }

    private static double d(Element e, String a) {
        return Double.parseDouble(e.getAttribute(a));
    }

    /** An SVG point of an XY chart mapped back to data (x, y) through the chart's axes. */
    static double[] data(SvgChart c, Point2D p) {
        XYPlot plot = (XYPlot) c.chart().getPlot();
        Rectangle2D area = c.info().getPlotInfo().getDataArea();
        boolean vertical = plot.getOrientation() == org.jfree.chart.plot.PlotOrientation.VERTICAL;
        double x = plot.getDomainAxis().java2DToValue(vertical ? p.getX() : p.getY(), area, plot.getDomainAxisEdge());
        double y = plot.getRangeAxis().java2DToValue(vertical ? p.getY() : p.getX(), area, plot.getRangeAxisEdge());
        return new double[] {x, y};
    }
}
