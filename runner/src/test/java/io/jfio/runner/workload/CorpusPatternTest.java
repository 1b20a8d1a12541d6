package io.jfio.runner.workload;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.JobFileException;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.JobSpec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every job of fio's own example job files (shared/corpus), read by jfio's parser, gets an I/O
 * pattern whose I/Os stay inside the job's files and block-size limits.
 */
class CorpusPatternTest {
    private static final long MB = 1 << 20;

    @Test
    void fioExamplesGiveSaneIos() throws Exception {
        String shared = System.getProperty("jfio.shared");
        assumeTrue(shared != null, "jfio.shared is not set");
        Path dir = Path.of(shared, "corpus", "fio-examples");
        assumeTrue(Files.isDirectory(dir), dir + " is absent");
        Map<String, String> env = new HashMap<>(System.getenv());
        for (String line : Files.readAllLines(Path.of(shared, "corpus", "fio-examples.env"))) {
            int eq = line.indexOf('=');
            if (!line.startsWith("#") && eq > 0) {
                env.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        JobFileParser.Settings settings = JobFileParser.Settings.defaults();
        settings = new JobFileParser.Settings(false, false, settings.sections(), env, settings.machine(),
            settings.readOnly());
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".fio")).sorted().toList();
        }
        java.nio.ByteBuffer buffer = io.jfio.engine.nativeio.RawMemory.allocate(1 << 24, 4096);
        int jobs = 0;
        int patterns = 0;
        int zbd = 0;
        List<String> refused = new ArrayList<>();
        for (Path f : files) {
            List<JobSpec> specs;
            try {
                specs = JobFileParser.parse(List.of(f.toString()), List.of(), settings).jobs();
            } catch (JobFileException | RuntimeException e) {
                continue; // jobs fio itself refuses are the parser's business
            }
            for (JobSpec spec : specs) {
                jobs++;
                List<IoFile> ioFiles = filesFor(spec);
                IoPattern p;
                try {
                    p = IoPattern.create(spec, ioFiles);
                } catch (WorkloadException e) {
                    if (e.getMessage().contains("zonemode=zbd")) {
                        zbd++; // zoned block devices are out of jfio's scope
                    } else {
                        refused.add(f.getFileName() + " [" + spec.name() + "]: " + e.getMessage());
                    }
                    continue;
                }
                patterns++;
                // a real buffer: a multi-range trim (num_range) writes its ranges there
                IoUnit u = new IoUnit(0, io.jfio.engine.nativeio.RawMemory.address(buffer), 1 << 24);
                for (int i = 0; i < 1000 && p.next(u, i * 10L); i++) {
                    IoFile io = u.file;
                    int d = u.ddir.ordinal();
                    String where = f.getFileName() + " [" + spec.name() + "] I/O " + i + ": " + u.offset + "+" + u.length;
                    for (int r = 0; r < Math.max(1, u.numRanges); r++) {
                        // a multi-range trim: each (start, length) pair in its buffer
                        long off = u.numRanges == 0 ? u.offset : buffer.getLong(16 * r);
                        long len = u.numRanges == 0 ? u.length : buffer.getLong(16 * r + 8);
                        assertTrue(off >= io.fileOffset && off + len <= io.fileOffset + io.ioSize, where + " range " + r);
                    }
                    assertTrue(u.length > 0 && u.length <= p.maxBlockSize(d) * Math.max(1, u.numRanges), where);
                }
            }
        }
        java.lang.ref.Reference.reachabilityFence(buffer);
        System.out.println("CorpusPatternTest: " + files.size() + " job files, " + jobs + " jobs, " + patterns
            + " patterns, " + zbd + " zbd jobs refused, others refused: " + refused);
        assertTrue(patterns > 400, "only " + patterns + " patterns built");
        assertTrue(refused.size() <= jobs / 20, "refused: " + refused);
    }

    /** Files as the runner would size them: the job's nrfiles sharing its size (64 MiB when unset). */
    private static List<IoFile> filesFor(JobSpec spec) {
        int nr = spec.has("nrfiles") ? (int) Math.max(1, Math.min(8, spec.getLong("nrfiles"))) : 1;
        long size = spec.has("size") ? spec.getLong("size") : 0;
        if (size <= 0 || size > 64L * 1024 * MB) {
            size = 64 * MB;
        }
        List<IoFile> out = new ArrayList<>();
        for (int i = 0; i < nr; i++) {
            IoFile f = new IoFile("file" + i, i);
            f.fileOffset = 0;
            f.ioSize = Math.max(size / nr, 1 << 20);
            f.realSize = f.ioSize;
            out.add(f);
        }
        return out;
    }
}
