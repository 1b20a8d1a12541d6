package io.jfio.testsupport;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** How a thread's strace lines are read: the times taken off the text, the threads merged. */
class StraceTest {
    @Test
    void theTimesComeOffTheLine() {
        Strace.Line l = Strace.parse(7, "1796217537.961172443 pread64(6</dev/shm/x>, \"5\\340\"..., 8192, 0) = 8192"
                + " <0.000019965>");
        assertEquals(new Strace.Line(7, 1796217537_961172443L, 19965, "pread64(6</dev/shm/x>, \"5\\340\"..., 8192, 0) = 8192"),
                l);
        assertEquals(1796217537_961192408L, l.endNs());
        // a path that -y prints after the result is the line's, not a time
        assertEquals("openat(AT_FDCWD, \"/x\", O_RDONLY) = 3</x>",
                Strace.parse(1, "12.000000001 openat(AT_FDCWD, \"/x\", O_RDONLY) = 3</x> <12.500000000>").text());
        assertEquals(12_500_000_000L, Strace.parse(1, "1.000000000 f() = 0 <12.500000000>").durationNs());
        Strace.Line gone = Strace.parse(2, "5.000000000 futex(0x7f, FUTEX_WAIT, 0, NULL) = ? <unavailable>");
        assertEquals("futex(0x7f, FUTEX_WAIT, 0, NULL) = ?", gone.text());
        assertEquals(-1, gone.durationNs());
        assertEquals(5_000_000_000L, gone.endNs());
        assertEquals("--- SIGCHLD {si_signo=SIGCHLD} ---", Strace.parse(2, "6.000000000 --- SIGCHLD {si_signo=SIGCHLD} ---")
                .text());
    }

    @Test
    void aLineWithoutItsTimestampIsRefused() {
        assertThrows(IllegalStateException.class, () -> Strace.parse(3, "pread64(5</f>, <unfinished ...>"));
    }

    @Test
    void mergedByEntryKeepsEachThreadsOrder() {
        Map<Integer, List<Strace.Line>> threads = new TreeMap<>();
        threads.put(10, List.of(line(10, 1, "a1"), line(10, 5, "a2"), line(10, 9, "a3")));
        // a clock that stepped back inside thread 11 does not reorder its calls
        threads.put(11, List.of(line(11, 2, "b1"), line(11, 8, "b2"), line(11, 3, "b3")));
        threads.put(12, List.of(line(12, 5, "c1")));
        Strace.Trace t = new Strace.Trace(threads);
        assertEquals(List.of("a1", "b1", "a2", "c1", "b2", "b3", "a3"), t.lines());
        assertEquals("a1\nb1\na2\nc1\nb2\nb3\na3", t.text());
        assertEquals(List.of(10, 11, 12), List.copyOf(t.threads().keySet()));
    }

    private static Strace.Line line(int tid, long start, String text) {
        return new Strace.Line(tid, start, 1, text);
    }
}
