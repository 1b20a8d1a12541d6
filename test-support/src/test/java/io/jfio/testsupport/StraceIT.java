package io.jfio.testsupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Threads that read one file at once, under strace: every pread is on one line with its path and
 * its result, in each thread's order, in the thread's list and in the merged one. (Under strace
 * -f into one file the calls that overlap are split in two lines, and a filter on path and result
 * loses them.)
 */
@Timeout(120)
class StraceIT {
    private static final int THREADS = 4;
    private static final int CALLS = 300;
    private static final String PROGRAM = """
            import java.nio.ByteBuffer;
            import java.nio.channels.FileChannel;
            import java.nio.file.Path;
            import java.util.concurrent.CyclicBarrier;

            public class Preads {
                public static void main(String[] a) throws Exception {
                    int threads = Integer.parseInt(a[1]);
                    int calls = Integer.parseInt(a[2]);
                    try (FileChannel ch = FileChannel.open(Path.of(a[0]))) {
                        CyclicBarrier start = new CyclicBarrier(threads);
                        Thread[] t = new Thread[threads];
                        for (int i = 0; i < threads; i++) {
                            int me = i;
                            t[i] = new Thread(() -> {
                                ByteBuffer b = ByteBuffer.allocateDirect(4096);
                                try {
                                    start.await();
                                    for (int k = 0; k < calls; k++) {
                                        ch.read(b.clear(), (long) (k * threads + me) * 4096);
                                    }
                                } catch (Exception e) {
                                    throw new RuntimeException(e);
                                }
                            });
                            t[i].start();
                        }
                        for (Thread x : t) {
                            x.join();
                        }
                    }
                }
            }
            """;

    @TempDir(factory = ShmTempDir.class)
    Path dir;

    @Test
    void everyCallOfEveryThreadIsOneWholeLine() throws Exception {
        Strace.assumeInstalled();
        Path data = dir.resolve("data");
        Files.write(data, new byte[THREADS * CALLS * 4096]);
        Path src = dir.resolve("Preads.java");
        Files.writeString(src, PROGRAM);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Strace.Run r = new Strace("-y", "-e", "trace=pread64").run(dir,
                List.of(java, src.toString(), data.toString(), "" + THREADS, "" + CALLS), dir, 100);
        assertEquals(0, r.rc(), r.err());
        Pattern call = Pattern.compile("pread64\\(\\d+<" + Pattern.quote(data.toString()) + ">, .*, 4096, (\\d+)\\) = 4096");
        List<List<Long>> readers = new ArrayList<>();
        for (Map.Entry<Integer, List<Strace.Line>> t : r.trace().threads().entrySet()) {
            List<Long> offsets = offsets(t.getValue(), call);
            if (!offsets.isEmpty()) {
                readers.add(offsets);
                long first = offsets.get(0) / 4096;
                List<Long> expected = new ArrayList<>();
                for (int k = 0; k < CALLS; k++) {
                    expected.add((k * THREADS + first) * 4096);
                }
                assertEquals(expected, offsets, "thread " + t.getKey() + "'s preads, in its order");
            }
            for (Strace.Line l : t.getValue()) {
                assertTrue(!l.text().contains("unfinished") && !l.text().contains("resumed"), l.text());
            }
        }
        assertEquals(THREADS, readers.size(), "threads that read the file");
        List<Strace.Line> merged = r.trace().merged();
        assertEquals(THREADS * CALLS, offsets(merged, call).size(), "the merged preads of the file");
        for (Map.Entry<Integer, List<Strace.Line>> t : r.trace().threads().entrySet()) {
            List<Strace.Line> mine = merged.stream().filter(l -> l.tid() == t.getKey()).toList();
            assertEquals(t.getValue(), mine, "thread " + t.getKey() + "'s lines in the merged list");
        }
        System.out.println("StraceIT: " + r.trace().threads().size() + " threads, " + merged.size() + " lines");
    }

    private static List<Long> offsets(List<Strace.Line> lines, Pattern call) {
        List<Long> out = new ArrayList<>();
        for (Strace.Line l : lines) {
            Matcher m = call.matcher(l.text());
            if (m.matches()) {
                out.add(Long.parseLong(m.group(1)));
            }
        }
        return out;
    }
}
