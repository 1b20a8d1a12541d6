package io.jfio.report;

import io.jfio.report.format.JsonReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** One golden case's combined.txt (one fio run in terse, json+ and normal), split into its parts. */
final class GoldenCase {
    static final Pattern HEADER = Pattern.compile(
            "^(.*): \\(groupid=(\\d+), jobs=(\\d+)\\): err=\\s*(\\d+)(?: \\((.*)\\))?: pid=(\\d+): (.*)$",
            Pattern.MULTILINE);

    final Path dir;
    final String name;
    final List<String> terse = new ArrayList<>();
    /** The JSON document from its "{" line through "}\n". */
    final String json;
    /** The normal report after the JSON document (starts with its blank line). */
    final String normal;
    /** Everything fio wrote after the preamble (and error messages): terse, json+, normal. */
    final String reportPart;

    GoldenCase(Path dir) throws IOException {
        this.dir = dir;
        Path parent = dir.getParent();
        this.name = (parent.getFileName().toString().startsWith("fio-") ? parent.getFileName() + "/" : "")
                + dir.getFileName();
        String text = Files.readString(dir.resolve("combined.txt"));
        int js = text.startsWith("{\n") ? 0 : text.indexOf("\n{\n") + 1;
        int je = text.indexOf("\n}\n", js) + 3;
        for (String l : text.substring(0, js).split("\n")) {
            if (l.matches("^[2-5];.*")) {
                terse.add(l);
            }
        }
        json = text.substring(js, je);
        int firstTerse = text.startsWith(terse.isEmpty() ? "{" : terse.get(0)) ? 0
                : text.indexOf("\n" + (terse.isEmpty() ? "{\n" : terse.get(0))) + 1;
        reportPart = text.substring(firstTerse);
        normal = text.substring(je);
    }

    static Path shared() {
        String p = System.getProperty("jfio.shared");
        return p == null ? null : Path.of(p);
    }

    /** Every case folder with a combined.txt under golden and golden/fio-3.42. */
    static List<Path> caseDirs() throws IOException {
        List<Path> out = new ArrayList<>();
        Path golden = shared().resolve("golden");
        for (Path base : List.of(golden, golden.resolve("fio-3.42"))) {
            try (Stream<Path> s = Files.list(base)) {
                s.filter(p -> Files.isRegularFile(p.resolve("combined.txt"))).sorted().forEach(out::add);
            }
        }
        return out;
    }

    /** Reads the json+ and fills in what only the normal text has (pid, jobs=M, date, error text). */
    RunResult read() {
        RunResult run = JsonReader.read(json);
        Matcher m = HEADER.matcher(normal);
        for (JobResult j : run.threadStats()) {
            long io = j.dir(0).ioBytes + j.dir(1).ioBytes + j.dir(2).ioBytes;
            if (io == 0 && j.totalIssued() == 0) {
                continue;
            }
            if (!m.find()) {
                break;
            }
            j.members = Integer.parseInt(m.group(3));
            j.errorMessage = m.group(5);
            j.pid = Long.parseLong(m.group(6));
            j.headerTime = m.group(7);
        }
        return run;
    }
}
