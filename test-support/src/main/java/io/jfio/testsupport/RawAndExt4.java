package io.jfio.testsupport;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A raw loop device and an ext4 file system on a second one: engines behave differently on block
 * devices and on files (O_DIRECT rules, RWF flags, trim), so tests run on both. Closing unmounts
 * and detaches both, also when only part of the setup succeeded.
 */
public final class RawAndExt4 implements AutoCloseable {
    public final LoopDevice raw;
    public final LoopDevice ext4;
    /** Where ext4 is mounted. */
    public final Path mount;

    private RawAndExt4(LoopDevice raw, LoopDevice ext4, Path mount) {
        this.raw = raw;
        this.ext4 = ext4;
        this.mount = mount;
    }

    public static RawAndExt4 create(long rawBytes, long ext4Bytes) throws IOException {
        LoopDevice raw = LoopDevice.create(rawBytes, false);
        LoopDevice ext4 = null;
        try {
            ext4 = LoopDevice.create(ext4Bytes, false);
            return new RawAndExt4(raw, ext4, ext4.mountExt4());
        } catch (IOException | RuntimeException e) {
            try {
                if (ext4 != null) {
                    ext4.close();
                }
            } finally {
                raw.close();
            }
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            ext4.close();
        } finally {
            raw.close();
        }
    }
}
