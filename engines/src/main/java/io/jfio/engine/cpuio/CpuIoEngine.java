package io.jfio.engine.cpuio;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;
import io.jfio.engine.IoUnit;
import io.jfio.engine.NoIoEngine;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.Errno;

/**
 * fio's cpuio engine (engines/cpu.c): burns CPU instead of doing I/O. Each "I/O" is one burn
 * cycle, a busy spin of {@code cpuchunks} microseconds (cpumode=noop) or four sorts of a 1 MiB
 * array (cpumode=qsort, whose measured time becomes the cycle); after each cycle the job thinks
 * for cycle * (100 - cpuload) / cpuload microseconds, so the thread is busy cpuload percent of
 * the time. The cycle's buffers are allocated once at init.
 */
public final class CpuIoEngine implements NoIoEngine {
    /** fio sorts 256 Ki 32-bit integers. */
    private static final int QSORT_INTS = 256 * 1024;

    static final List<EngineOption> OPTIONS = List.of(
        EngineOption.integer("cpuload", null, 0, 0, "Use this percentage of CPU"),
        EngineOption.integer("cpuchunks", "50000", 0, 0, "Length of the CPU burn cycles (usecs)").under("cpuload"),
        EngineOption.choice("cpumode", "noop", List.of("noop", "qsort"),
            List.of("NOOP instructions", "QSORT computation"), "Stress mode"),
        EngineOption.bool("exit_on_io_done", "Exit when IO threads finish"));

    private long cpuload;
    private long cycleUsec;
    private boolean qsort;
    private boolean exitOnIoDone;
    private BooleanSupplier ioJobsDone;
    private volatile boolean finished;
    private int[] ints;
    private byte[] bytes;
    private IntBuffer bytesAsInts;
    private long thinkUsec;

    @Override
    public String name() {
        return "cpuio";
    }

    @Override
    public List<EngineOption> options() {
        return OPTIONS;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        EngineOptions eo = parseOptions(ctx);
        cpuload = eo.getLong("cpuload") & 0xffffffffL;
        if (cpuload == 0) {
            throw new EngineException(Errno.EINVAL, "cpuio", "cpu thread needs rate (cpuload=)");
        }
        cpuload = Math.min(cpuload, 100);
        cycleUsec = eo.getLong("cpuchunks") & 0xffffffffL;
        qsort = "qsort".equals(eo.getString("cpumode"));
        exitOnIoDone = eo.getBool("exit_on_io_done");
        ioJobsDone = ctx.ioJobsDone();
        thinkUsec = cycleUsec * (100 - cpuload) / cpuload;
        if (qsort) {
            ints = new int[QSORT_INTS];
            // the same multiply-with-carry sequence fio seeds its array with
            int w = 521288629;
            int z = 362436069;
            for (int i = 0; i < QSORT_INTS; i++) {
                z = 36969 * (z & 65535) + (z >>> 16);
                w = 18000 * (w & 65535) + (w >>> 16);
                ints[i] = (z << 16) + w;
            }
            bytes = new byte[QSORT_INTS * 4];
            bytesAsInts = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder()).asIntBuffer();
        }
        // fio's log_info: in every output format, json and terse too, before the report
        if (ctx.logOut() != null) {
            ctx.logOut().println(ctx.jobName() + " (" + (qsort ? "qsort" : "noop") + "): ioengine=cpuio, cpuload="
            + cpuload + ", cpucycle=" + cycleUsec);
        }
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        if (exitOnIoDone && ioJobsDone != null && ioJobsDone.getAsBoolean()) {
            finished = true;
        }
        if (qsort) {
            long start = System.nanoTime();
            sortCycle();
            cycleUsec = (System.nanoTime() - start) / 1000L;
            thinkUsec = cycleUsec * (100 - cpuload) / cpuload;
        } else {
            long end = System.nanoTime() + cycleUsec * 1000L;
            while (System.nanoTime() - end < 0) {
                Thread.onSpinWait();
            }
        }
        u.complete(0);
        return QueueStatus.COMPLETED;
    }

    /** fio's four sorts: ascending, descending, the bytes, descending again. */
    private void sortCycle() {
        Arrays.sort(ints);
        reverse(ints);
        bytesAsInts.clear();
        bytesAsInts.put(ints);
        Arrays.sort(bytes);
        bytesAsInts.clear();
        bytesAsInts.get(ints);
        Arrays.sort(ints);
        reverse(ints);
    }

    private static void reverse(int[] a) {
        for (int i = 0, j = a.length - 1; i < j; i++, j--) {
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    @Override
    public long thinkTimeUsec() {
        return thinkUsec;
    }

    @Override
    public boolean finished() {
        return finished;
    }

    @Override
    public void cleanup() {
        ints = null;
        bytes = null;
        bytesAsInts = null;
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("CPU burner: each I/O is a burn cycle (cpuload, cpumode)", CpuIoEngine::new);
        }
    }
}
