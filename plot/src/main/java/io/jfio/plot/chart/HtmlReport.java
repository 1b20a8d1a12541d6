package io.jfio.plot.chart;

import java.util.List;

/**
 * One self-contained HTML page: every chart's SVG inlined (no script, no external URL, no
 * font download), laid out in a fixed grid of absolutely placed boxes so that where each chart
 * lands is known from the page itself: each {@code figure.chart} carries its box as
 * {@code data-x/-y/-w/-h} (CSS pixels), and the body its size as {@code data-width/-height}.
 */
public final class HtmlReport {
    public static final int MARGIN = 20;
    public static final int HEADER = 70;
    public static final int COLUMNS = 2;

    private HtmlReport() {
    }

    /**
     * @param title   the page's title
     * @param sources what the charts were made from (one line each, shown under the title)
     */
    public static String render(String title, List<String> sources, List<SvgChart> charts) {
        int w = SvgChart.WIDTH;
        int h = SvgChart.HEIGHT;
        int cols = Math.max(1, Math.min(COLUMNS, charts.size()));
        int rows = (charts.size() + cols - 1) / cols;
        int pageW = MARGIN + cols * (w + MARGIN);
        int pageH = HEADER + rows * (h + MARGIN);
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(escape(title)).append("</title>\n<style>\n")
                .append("html,body{margin:0;padding:0;background:#ffffff}\n")
                .append("body{position:relative;font-family:sans-serif}\n")
                .append("header{position:absolute;left:").append(MARGIN).append("px;top:0;height:").append(HEADER)
                .append("px;overflow:hidden}\n")
                .append("h1{font-size:20px;margin:8px 0 4px 0}\n")
                .append("p.sources{font-size:12px;color:#444;margin:0;white-space:nowrap}\n")
                .append("figure.chart{position:absolute;margin:0;padding:0;overflow:hidden}\n")
                .append("figure.chart svg{display:block}\n")
                .append("</style>\n</head>\n")
                .append("<body data-width=\"").append(pageW).append("\" data-height=\"").append(pageH)
                .append("\" style=\"width:").append(pageW).append("px;height:").append(pageH).append("px\">\n")
                .append("<header><h1>").append(escape(title)).append("</h1><p class=\"sources\">")
                .append(escape(String.join(", ", sources))).append("</p></header>\n");
        for (int i = 0; i < charts.size(); i++) {
            SvgChart c = charts.get(i);
            int x = MARGIN + (i % cols) * (w + MARGIN);
            int y = HEADER + (i / cols) * (h + MARGIN);
            b.append("<figure class=\"chart\" id=\"fig-").append(c.id()).append("\" data-x=\"").append(x)
                    .append("\" data-y=\"").append(y).append("\" data-w=\"").append(w).append("\" data-h=\"").append(h)
                    .append("\" style=\"left:").append(x).append("px;top:").append(y).append("px;width:").append(w)
                    .append("px;height:").append(h).append("px\" title=\"").append(escape(c.title())).append("\">\n")
                    .append(c.svg()).append("\n</figure>\n");
        }
        b.append("</body>\n</html>\n");
        return b.toString();
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
