package io.jfio.compare;

import io.jfio.report.RunResult;
import io.jfio.report.format.JsonReader;
import io.jfio.report.format.TerseReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * One side of a comparison: a label and its samples (one per result: repeats of a run, or the
 * instances of a group). Loaded from a result file, an averaged bw/iops log or an NDJSON
 * interval file (one run's windows as series), a directory of result files, or an instance
 * of a jfio-multi output directory ({@code DIR/instance-2}, several as {@code DIR/instance-1,instance-3}:
 * every run-K/instance-N.json under DIR). {@code PATH#JOB} keeps only job JOB of each result.
 */
public final class ResultSet {
    private final String label;
    private final List<ResultSample> samples;

    public ResultSet(String label, List<ResultSample> samples) {
        this.label = label;
        this.samples = List.copyOf(samples);
    }

    public String label() {
        return label;
    }

    public List<ResultSample> samples() {
        return samples;
    }

    /** A result that cannot be read: one line for the user. */
    public static final class LoadException extends Exception {
        public LoadException(String message) {
            super(message);
        }
    }

    public static ResultSet load(String arg) throws LoadException {
        String job = null;
        String pathText = arg;
        int hash = arg.lastIndexOf('#');
        if (hash > 0 && !Files.exists(Path.of(arg))) {
            job = arg.substring(hash + 1);
            pathText = arg.substring(0, hash);
        }
        Path path = Path.of(pathText);
        List<Path> files = new ArrayList<>();
        if (Files.isRegularFile(path)) {
            files.add(path);
        } else if (Files.isDirectory(path)) {
            files.addAll(list(path, ".json"));
            if (files.isEmpty()) {
                List<Path> runs = runDirs(path);
                if (!runs.isEmpty()) {
                    throw new LoadException(arg + " is a jfio-multi output directory: name an instance, e.g. "
                            + path.resolve("instance-1") + " (or several: instance-1,instance-3)");
                }
                throw new LoadException("no result files (*.json) in " + arg);
            }
        } else {
            Path parent = path.toAbsolutePath().getParent();
            List<Path> runs = parent == null ? List.of() : runDirs(parent);
            if (runs.isEmpty()) {
                throw new LoadException("no such result file or directory: " + arg);
            }
            for (Path run : runs) {
                for (String name : path.getFileName().toString().split(",")) {
                    Path f = run.resolve(name + ".json");
                    if (!Files.isRegularFile(f)) {
                        throw new LoadException("missing " + f + " (instance " + name + " of " + parent + ")");
                    }
                    files.add(f);
                }
            }
        }
        List<ResultSample> samples = new ArrayList<>();
        for (Path f : files) {
            if (seriesFile(f)) {
                ResultSample s = new ResultSample(shortName(f), IntervalSeries.read(f, job));
                if (s.isEmpty()) {
                    throw new LoadException("no read or write bw/iops series in " + f);
                }
                samples.add(s);
                continue;
            }
            ResultSample s = new ResultSample(shortName(f), read(f), job);
            if (s.isEmpty()) {
                throw new LoadException("no job " + job + " in " + f);
            }
            samples.add(s);
        }
        return new ResultSet(arg, samples);
    }

    /** True for a bw/iops log or an NDJSON interval file (read as interval series). */
    private static boolean seriesFile(Path f) throws LoadException {
        try {
            return IntervalSeries.handles(f);
        } catch (IOException e) {
            throw new LoadException("cannot read " + f + ": " + e.getMessage());
        }
    }

    /** Reads a fio or jfio JSON / JSON+ report (leading messages skipped), or terse lines. */
    public static RunResult read(Path f) throws LoadException {
        String text;
        try {
            text = Files.readString(f);
        } catch (IOException | RuntimeException e) {
            throw new LoadException("cannot read " + f + ": " + e.getMessage());
        }
        try {
            if (text.indexOf('{') >= 0) {
                return JsonReader.read(text);
            }
            return TerseReader.read(text);
        } catch (RuntimeException e) {
            throw new LoadException(f + " is not a fio/jfio JSON or terse report (" + e.getMessage() + ")");
        }
    }

    private static String shortName(Path f) {
        Path p = f.getParent();
        return p == null || p.getFileName() == null ? f.toString() : p.getFileName() + "/" + f.getFileName();
    }

    private static List<Path> list(Path dir, String suffix) throws LoadException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(suffix))
                    .sorted(NATURAL).toList();
        } catch (IOException e) {
            throw new LoadException("cannot list " + dir + ": " + e.getMessage());
        }
    }

    /** run-1, run-2, ... of a jfio-multi output directory, in run order. */
    static List<Path> runDirs(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> Files.isDirectory(p) && p.getFileName().toString().matches("run-\\d+"))
                    .sorted(NATURAL).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Names with numbers in numeric order (run-2 before run-10). */
    static final Comparator<Path> NATURAL = Comparator.comparing((Path p) -> {
        String n = p.getFileName().toString();
        StringBuilder b = new StringBuilder();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\d+|\\D+").matcher(n);
        while (m.find()) {
            String g = m.group();
            b.append(Character.isDigit(g.charAt(0)) ? String.format("%020d", Long.parseLong(g.length() > 18
                    ? g.substring(0, 18) : g)) : g);
        }
        return b.toString();
    });
}
