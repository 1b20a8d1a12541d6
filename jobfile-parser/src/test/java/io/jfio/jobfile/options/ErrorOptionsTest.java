package io.jfio.jobfile.options;

import io.jfio.jobfile.JobFileException;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.JobSpec;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The error policy read from a job as fio reads it (ignore_error lists, continue_on_error bits). */
class ErrorOptionsTest {
    private static JobSpec job(String options) throws JobFileException {
        JobFileParser p = new JobFileParser(JobFileParser.Settings.defaults());
        p.parseContent("t.fio", "[j]\nfilename=/dev/null\n" + options.replace(';', '\n') + "\n");
        return p.finish().jobs().get(0);
    }

    @Test
    void defaultsStopOnEveryError() throws Exception {
        ErrorOptions o = ErrorOptions.from(job(""));
        assertEquals(0, o.continueOnError());
        assertFalse(o.nonFatal(0, 5));
        assertFalse(o.errorDump());
        assertFalse(o.exitAllOnError());
        assertArrayEquals(new long[3], o.maxLatencyNanos());
    }

    @Test
    void continueOnErrorKeepsFiosDefaultNonFatalErrors() throws Exception {
        ErrorOptions o = ErrorOptions.from(job("continue_on_error=read"));
        assertEquals(1, o.continueOnError());
        assertTrue(o.nonFatal(0, 5));
        assertFalse(o.nonFatal(0, 84)); // EILSEQ is a verify error: not covered by read
        assertFalse(o.nonFatal(1, 5));
        assertFalse(o.nonFatal(0, 22));
        assertEquals(7, ErrorOptions.from(job("continue_on_error=all")).continueOnError());
    }

    @Test
    void ignoreErrorTurnsContinueOnErrorOnForItsType() throws Exception {
        assertEquals(2, ErrorOptions.from(job("ignore_error=,ENOSPC:0x16:5")).continueOnError());
    }

    @Test
    void ignoreErrorListsByType() throws Exception {
        ErrorOptions o = ErrorOptions.from(job("ignore_error=,ENOSPC:0x16:5"));
        assertNull(o.ignoreErrors()[0]);
        assertArrayEquals(new int[] {28, 22, 5}, o.ignoreErrors()[1]);
        assertTrue(o.nonFatal(1, 28));
        assertTrue(o.nonFatal(1, 22));
        assertFalse(o.nonFatal(0, 28));
        assertArrayEquals(new int[] {11}, ErrorOptions.from(job("ignore_error=EWOULDBLOCK")).ignoreErrors()[0]);
    }

    @Test
    void badListsFailAtParseTimeWithFiosMessage() {
        JobFileException e = assertThrows(JobFileException.class, () -> job("ignore_error=,EFOO"));
        assertTrue(e.getMessage().contains("Unknown error EFOO, please use number value"), e.getMessage());
        e = assertThrows(JobFileException.class, () -> job("ignore_error=EIO,EIO,EIO,EIO"));
        assertTrue(e.getMessage().contains("Illegal error type"), e.getMessage());
    }

    @Test
    void maxLatencyIsMicrosecondsByDefault() throws Exception {
        assertEquals(2_000_000L, ErrorOptions.from(job("max_latency=2ms")).maxLatencyNanos()[1]);
        assertEquals(1000L, ErrorOptions.from(job("max_latency=1")).maxLatencyNanos()[0]);
        assertTrue(ErrorOptions.from(job("exitall_on_error")).exitAllOnError());
        assertTrue(ErrorOptions.from(job("error_dump=1")).errorDump());
    }

    @Test
    void aLaterContinueOnErrorReplacesTheTypesIgnoreErrorAdded() throws Exception {
        assertEquals(1, ErrorOptions.from(job("ignore_error=,ENOSPC;continue_on_error=read")).continueOnError());
        assertEquals(3, ErrorOptions.from(job("continue_on_error=read;ignore_error=,ENOSPC")).continueOnError());
    }
}
