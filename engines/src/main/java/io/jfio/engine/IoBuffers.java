package io.jfio.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import io.jfio.engine.nativeio.AlignedBuffer;
import io.jfio.engine.nativeio.IoMemory;

/**
 * A job's I/O memory: one aligned off-heap region allocated when the job starts, cut into one
 * slot per I/O unit, and the units themselves. The runner keeps this object for the whole job
 * and closes it only after {@link IoEngine#cleanup()}, so no buffer is freed under in-flight I/O.
 *
 * <p>Every slot starts at a multiple of the alignment (slots are the largest block size rounded
 * up to it), plus iomem_align as an offset: fio starts its first buffer iomem_align bytes past a
 * page boundary and packs the rest by bs; rounding every slot up keeps each buffer O_DIRECT-safe
 * for odd block sizes too.
 */
public final class IoBuffers implements AutoCloseable {
    /** O_DIRECT is always safe with page-aligned buffers. */
    public static final int PAGE_SIZE = 4096;

    private final AlignedBuffer region;
    private final List<IoUnit> units;
    private final int slotSize;

    private IoBuffers(AlignedBuffer region, List<IoUnit> units, int slotSize) {
        this.region = region;
        this.units = units;
        this.slotSize = slotSize;
    }

    /**
     * The alignment a job's buffers need: {@code minAlign} (0 = none), the target's logical block
     * size when direct=1, and never less than a page for O_DIRECT, rounded up to a power of two.
     */
    public static int alignment(long minAlign, int logicalBlockSize, boolean direct) {
        long a = Math.max(8, minAlign);
        if (direct) {
            a = Math.max(a, Math.max(PAGE_SIZE, logicalBlockSize));
        } else {
            a = Math.max(a, PAGE_SIZE);
        }
        long p = Long.highestOneBit(a);
        if (p != a) {
            p <<= 1;
        }
        if (p > (1 << 30)) {
            throw new IllegalArgumentException("alignment too large: " + minAlign);
        }
        return (int) p;
    }

    /**
     * Allocates {@code unitCount} units (iodepth, or more for verify/batching), each with a buffer
     * of {@code maxBlockSize} bytes at an {@code alignment}-aligned address.
     */
    public static IoBuffers allocate(int unitCount, int maxBlockSize, int alignment) {
        try {
            return allocate(unitCount, maxBlockSize, alignment, 0, IoMemory.Source.MALLOC);
        } catch (IoMemory.Failed e) {
            throw new OutOfMemoryError(e.getMessage()); // malloc reports failure as OutOfMemoryError already
        }
    }

    /**
     * As {@link #allocate(int, int, int)}, from the memory {@code source} (fio's mem= type), the
     * first buffer {@code offset} bytes past an aligned address (fio's iomem_align: fio puts the
     * first buffer that far past the page-aligned start of its memory).
     *
     * @throws IoMemory.Failed when the kernel refuses the memory (no huge pages, ...)
     */
    public static IoBuffers allocate(int unitCount, int maxBlockSize, int alignment, long offset,
                                     IoMemory.Source source) throws IoMemory.Failed {
        if (unitCount <= 0 || maxBlockSize <= 0) {
            throw new IllegalArgumentException("units and block size must be positive");
        }
        long slot = (maxBlockSize + (long) alignment - 1) / alignment * alignment;
        if (slot > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("block size too large: " + maxBlockSize);
        }
        if (offset < 0) {
            throw new IllegalArgumentException("negative buffer offset: " + offset);
        }
        AlignedBuffer region = IoMemory.allocate(source, slot * unitCount + offset, alignment);
        List<IoUnit> units = new ArrayList<>(unitCount);
        for (int i = 0; i < unitCount; i++) {
            units.add(new IoUnit(i, region.address() + offset + i * slot, maxBlockSize));
        }
        return new IoBuffers(region, Collections.unmodifiableList(units), (int) slot);
    }

    public List<IoUnit> units() {
        return units;
    }

    public IoUnit unit(int index) {
        return units.get(index);
    }

    /** For {@link EngineContext#bufferRegionAddress()}. */
    public long address() {
        return region.address();
    }

    public long length() {
        return region.length();
    }

    public int slotSize() {
        return slotSize;
    }

    public AlignedBuffer region() {
        return region;
    }

    /** Frees the memory: only after the engine's cleanup, when nothing is in flight. */
    @Override
    public void close() {
        region.close();
    }
}
