package io.jfio.engine.nativeio;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The open flags a job's files get (the runner's FileSetup.openFlags is this function). */
class OpenFlagsTest {

    @Test
    void aReadingJobOpensReadOnlyWithoutCreate() {
        assertEquals(OpenFlags.O_RDONLY | OpenFlags.O_CLOEXEC, OpenFlags.forJob(false, false, true, 0));
    }

    @Test
    void aWritingJobThatMayCreateOpensReadWriteWithCreate() {
        assertEquals(OpenFlags.O_RDWR | OpenFlags.O_CREAT | OpenFlags.O_CLOEXEC, OpenFlags.forJob(true, false, true, 0));
    }

    @Test
    void aWritingJobThatMayNotCreateOpensReadWriteWithoutCreate() {
        assertEquals(OpenFlags.O_RDWR | OpenFlags.O_CLOEXEC, OpenFlags.forJob(true, false, false, 0));
    }

    @Test
    void directIsAdded() {
        int f = OpenFlags.forJob(false, true, false, OpenFlags.O_DSYNC);
        assertEquals(OpenFlags.O_DIRECT, f & OpenFlags.O_DIRECT);
    }

    @Test
    void theSyncFlagIsAdded() {
        int f = OpenFlags.forJob(false, true, false, OpenFlags.O_DSYNC);
        assertEquals(OpenFlags.O_DSYNC, f & OpenFlags.O_DSYNC);
    }

    /** The x86-64 values fio's build sees (asm-generic/fcntl.h). */
    @Test
    void linuxValues() {
        assertEquals(040000, OpenFlags.O_DIRECT);
        assertEquals(04010000, OpenFlags.O_SYNC);
        assertEquals(010000, OpenFlags.O_DSYNC);
        assertEquals(0100, OpenFlags.O_CREAT);
    }
}
