package io.jfio.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A command run under strace, its system calls read back whole:
 * {@code new Strace("-y", "-e", "trace=pread64").run(scratch, cmd, null, 60)}.
 *
 * <p>strace writes one file per thread ({@code -ff}). In one shared file ({@code -f}) a call that
 * is still blocked when another thread's call is reported is split into {@code pread64(5</f>,
 * <unfinished ...>} and {@code <... pread64 resumed>..., 8192, 0) = 8192}: the arguments on one
 * line, the return value on the other, so a filter on a line's path and its result misses the
 * call, and does so more often the more threads the tracer has to interleave (a loaded machine:
 * a pre_read test counted 7 of 8 preads). A thread's own file has each call on one line.
 *
 * <p>Each line carries strace's entry timestamp and the call's duration, which this class takes
 * off the text: {@link Trace#merged()} orders the threads' lines by entry, which is the order
 * the single-threaded tracer saw the entries in, so the order one shared file had; within a
 * thread it is the thread's own order whatever the clock did. Across threads that order means
 * something only for calls one thread made after another's returned (a hand-over); for calls in
 * flight together it is the tracer's, not the program's.
 */
public final class Strace {
    public static final Path STRACE = Path.of("/usr/bin/strace");

    /** "SECONDS.NANOS text[ <SECONDS.NANOS>]": the entry time, the line, the time spent in the call. */
    private static final Pattern LINE = Pattern.compile("(\\d+)\\.(\\d{9}) (.*?)(?: <(?:(\\d+)\\.(\\d{9})|unavailable)>)?");
    private static final Pattern FILE = Pattern.compile("t\\.(\\d+)");

    private final List<String> options;

    /** strace's options for the run, besides the output ones this class sets (e.g. -y, -e trace=...). */
    public Strace(String... options) {
        this.options = List.of(options);
    }

    public static void assumeInstalled() {
        assumeTrue(Files.isExecutable(STRACE), "skipped: needs " + STRACE);
    }

    /** One system call (or signal) line of one thread, as strace printed it without its times. */
    public record Line(int tid, long startNs, long durationNs, String text) {
        /** When the call returned, on the start's clock; the start for a call with no duration. */
        public long endNs() {
            return startNs + Math.max(0, durationNs);
        }
    }

    /** The lines of every thread (every process is a thread here too) the command ran. */
    public static final class Trace {
        private final Map<Integer, List<Line>> threads;

        Trace(Map<Integer, List<Line>> threads) {
            this.threads = Collections.unmodifiableMap(threads);
        }

        /** Thread id to its lines in the order it made the calls, in increasing thread id. */
        public Map<Integer, List<Line>> threads() {
            return threads;
        }

        /** Every thread's lines by entry time, each thread's in its own order (see the class comment). */
        public List<Line> merged() {
            List<Line> out = new ArrayList<>();
            List<List<Line>> lists = new ArrayList<>(threads.values());
            int[] next = new int[lists.size()];
            while (true) {
                int best = -1;
                for (int i = 0; i < lists.size(); i++) {
                    // a strict < keeps the lower thread id first on a tie; taking only heads keeps each thread's order
                    if (next[i] < lists.get(i).size() && (best < 0
                            || lists.get(i).get(next[i]).startNs() < lists.get(best).get(next[best]).startNs())) {
                        best = i;
                    }
                }
                if (best < 0) {
                    return out;
                }
                out.add(lists.get(best).get(next[best]++));
            }
        }

        /** The texts of {@link #merged()}. */
        public List<String> lines() {
            return merged().stream().map(Line::text).toList();
        }

        /** The texts of {@link #merged()}, one a line. */
        public String text() {
            return String.join("\n", lines());
        }
    }

    /** What the command did: its exit status (strace's is the command's), its output, its calls. */
    public record Run(int rc, String out, String err, Trace trace) {
    }

    /**
     * Runs {@code command} under strace in {@code workDir} (null: this process's), its trace files
     * in a fresh directory under {@code scratch} (so that no earlier run's threads join in);
     * the command and its children are killed if it has not ended after {@code timeoutSeconds}.
     * Without strace the test is skipped.
     */
    public Run run(Path scratch, List<String> command, Path workDir, int timeoutSeconds) throws IOException {
        assumeInstalled();
        Path dir = Files.createTempDirectory(scratch, "strace-");
        List<String> cmd = new ArrayList<>(List.of(STRACE.toString(), "-ff", "-qq",
                "--absolute-timestamps=format:unix,precision:ns", "--syscall-times=ns", "-o", dir.resolve("t").toString()));
        cmd.addAll(options);
        cmd.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (workDir != null) {
            pb.directory(workDir.toFile());
        }
        Process p = pb.start();
        // read aside, so that a command that hangs with its output open meets the timeout
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> drain(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> drain(p.getErrorStream()));
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new IOException("timed out after " + timeoutSeconds + " s: " + cmd);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + cmd, e);
        }
        return new Run(p.exitValue(), out.join(), err.join(), read(dir));
    }

    private static String drain(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The t.TID files of {@code dir}. */
    static Trace read(Path dir) throws IOException {
        Map<Integer, List<Line>> threads = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Matcher name = FILE.matcher(f.getFileName().toString());
                if (!name.matches()) {
                    continue;
                }
                int tid = Integer.parseInt(name.group(1));
                List<Line> lines = new ArrayList<>();
                for (String l : Files.readAllLines(f, StandardCharsets.ISO_8859_1)) {
                    lines.add(parse(tid, l));
                }
                threads.put(tid, Collections.unmodifiableList(lines));
            }
        }
        return new Trace(threads);
    }

    static Line parse(int tid, String l) {
        Matcher m = LINE.matcher(l);
        if (!m.matches()) {
            throw new IllegalStateException("not a timestamped strace line of thread " + tid + ": " + l);
        }
        long start = Long.parseLong(m.group(1)) * 1_000_000_000L + Long.parseLong(m.group(2));
        long duration = m.group(4) == null ? -1 : Long.parseLong(m.group(4)) * 1_000_000_000L + Long.parseLong(m.group(5));
        return new Line(tid, start, duration, m.group(3));
    }
}
