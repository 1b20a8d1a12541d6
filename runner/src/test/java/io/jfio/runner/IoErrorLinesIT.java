package io.jfio.runner;

import io.jfio.testsupport.LoopDevice;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fio logs every failed unit it reaps ("fio: io_u error on file ..." per unit), not only the
 * first: libaio at QD8 with an unaligned O_DIRECT block size fails the whole first batch, and
 * fio 3.33 prints eight lines where jfio used to print one.
 */
@Timeout(60)
class IoErrorLinesIT {
    @Test
    void everyFailedUnitOfTheBatchIsLogged() throws Exception {
        LoopDevice.assumeAvailable();
        try (LoopDevice dev = LoopDevice.create(16L << 20, false)) {
            Jobs.Result r = Jobs.run("[x]\nfilename=" + dev.device() + "\nrw=randread\nioengine=libaio\niodepth=8\n"
                    + "size=1m\nbs=1000\ndirect=1\n", "normal", false);
            assertEquals(1, r.rc, r.err());
            long lines = r.err().lines().filter(l -> l.startsWith("fio: io_u error on file " + dev.device()
                    + ": Invalid argument: read offset=")).count();
            assertTrue(lines > 1, "one line per failed unit of the batch, got " + lines + ":\n" + r.err());
            assertEquals(1, r.err().lines().filter(l -> l.startsWith("fio: pid=")).count(), r.err());
        }
    }
}
