package io.jfio.engine.asynctest;

import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.testsupport.LoopDevice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Not a test: raw engine throughput without the runner, for comparing with fio by hand.
 * Run with -Djfio.bench=true (prints IOPS; asserts nothing about speed).
 */
@EnabledIfSystemProperty(named = "jfio.bench", matches = "true")
class EngineThroughputBench {
    @Test
    void qd32Reads() throws Exception {
        LoopDevice.assumeAvailable();
        try (LoopDevice loop = LoopDevice.create(512L << 20, true)) {
            LoopDevice.exec(java.util.List.of("dd", "if=/dev/zero", "of=" + loop.device(), "bs=1M", "count=512",
                "oflag=direct", "status=none"));
            for (String spec : new String[] {"libaio", "io_uring", "io_uring:fixedbufs+registerfiles",
                "io_uring:defer_taskrun=0", "libaio", "io_uring", "io_uring:fixedbufs+registerfiles"}) {
                for (int batch : new int[] {1, 8}) {
                    IoFile f = new IoFile(loop.device(), 0);
                    IoEngine e = AsyncEnginesIT.engine(spec);
                    JobDriver d = JobDriver.open(e, 32, 4096, true, AsyncEnginesIT.options(spec), f);
                    try {
                        d.run(e, IoDirection.READ, 200_000, 512L << 20, batch, 0, 0);
                        long t0 = System.nanoTime();
                        long n = 1_000_000;
                        d.run(e, IoDirection.READ, n, 512L << 20, batch, 0, 0);
                        double s = (System.nanoTime() - t0) / 1e9;
                        System.out.printf("%-36s batch %d: %.0f IOPS%n", spec, batch, n / s);
                    } finally {
                        JobDriver.close(e, f);
                    }
                }
            }
        }
    }
}
