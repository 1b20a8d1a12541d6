package io.jfio.runner.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ProcessIdTest {
    /** The /proc/self link names the process the JDK's own handle names. */
    @Test
    void isTheJvmsPid() {
        assertEquals(ProcessHandle.current().pid(), ProcessId.current());
    }
}
