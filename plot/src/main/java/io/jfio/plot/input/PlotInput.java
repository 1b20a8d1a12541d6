package io.jfio.plot.input;

import io.jfio.report.RunResult;
import io.jfio.report.format.JsonReader;
import io.jfio.report.interval.IntervalReader;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.report.log.SampleLog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One input file of jfio-plot, recognised by its content: a fio/jfio json or json+ result
 * (messages before the document are skipped, as fio 3.42 may print them), an NDJSON interval
 * file, a jfio-compare / jfio-multi comparison, a fio sample log (by its lines and name) or a
 * fio histogram log (by its name, or its column count as fiologparser_hist.py tells it).
 */
public sealed interface PlotInput {
    Path path();

    /** A fio/jfio JSON result; json+ carries the latency bins. */
    record Result(Path path, RunResult run) implements PlotInput {
    }

    record Intervals(Path path, IntervalFile file) implements PlotInput {
    }

    record Comparisons(Path path, List<ComparisonFile.Comparison> comparisons) implements PlotInput {
    }

    record Log(Path path, LogFile log) implements PlotInput {
    }

    /** A fio/jfio histogram log ({@code NAME_clat_hist.N.log}). */
    record HistLog(Path path, HistLogFile log) implements PlotInput {
    }

    static PlotInput load(Path p) throws IOException {
        String first = IntervalReader.firstLine(p);
        if (first == null && HistLogFile.isHistLogName(p)) {
            return new HistLog(p, HistLogFile.read(p));
        }
        if (first != null && (HistLogFile.isHistLogName(p) || HistLogFile.looksLikeHistLine(first))) {
            return new HistLog(p, HistLogFile.read(p));
        }
        if (first == null) {
            if (SampleLog.kindOf(p) != null) {
                return new Log(p, LogFile.read(p)); // fio leaves slat logs of synchronous engines empty
            }
            throw new IOException(p + ": empty file");
        }
        if (IntervalFile.looksLikeIntervalLine(first)) {
            return new Intervals(p, IntervalFile.read(p));
        }
        if (SampleLog.looksLikeLogLine(first)) {
            return new Log(p, LogFile.read(p));
        }
        String text = Files.readString(p);
        JsonNode root;
        try {
            String t = text.strip();
            root = t.startsWith("[") ? JsonParser.parse(t) : JsonParser.parseDocument(text);
        } catch (IllegalArgumentException e) {
            throw new IOException(p + ": not a fio/jfio JSON result, NDJSON interval file, jfio-compare JSON or fio"
                    + " log (" + e.getMessage() + ")");
        }
        if (ComparisonFile.isComparison(root)) {
            return new Comparisons(p, ComparisonFile.read(root));
        }
        if (root.kind() == JsonNode.Kind.OBJECT && (root.has("jobs") || root.has("client_stats"))) {
            try {
                return new Result(p, JsonReader.read(root));
            } catch (RuntimeException e) {
                throw new IOException(p + ": unreadable fio JSON result (" + e.getMessage() + ")");
            }
        }
        throw new IOException(p + ": a JSON document that is neither a fio result (jobs) nor a jfio-compare result"
                + " (metrics)");
    }
}
