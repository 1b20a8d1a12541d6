package io.jfio.engine.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class IdleSchedulingTest {
    /** The policy field (41st) of a thread's /proc stat line. */
    private static int policy(long tid) throws Exception {
        String stat = Files.readString(Path.of("/proc/self/task/" + tid + "/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Integer.parseInt(f[40 - 2]);
    }

    @Test
    void putsOnlyTheCallingThreadAtSchedIdle() throws Exception {
        int[] seen = {-1, -1};
        long mine = Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
        Thread t = new Thread(() -> {
            try {
                seen[0] = IdleScheduling.setCurrentThread();
                long tid = Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
                seen[1] = policy(tid);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        t.start();
        t.join();
        assertEquals(0, seen[0]);
        assertEquals(IdleScheduling.SCHED_IDLE, seen[1]);
        assertEquals(0, policy(mine), "the caller's own thread keeps SCHED_OTHER");
    }
}
