package io.jfio.runner.verify;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * fio's verify state (verify-state.h, version 5): which writes a job issued and which were still
 * in flight, saved as {@code local-<job>-<index>-verify.state} in the working directory when a
 * writing verify job ends (verify_state_save=1, fio's default), and loaded by
 * verify_state_load=1 to stop verifying where the writer stopped. The file is fio's, byte for
 * byte: a header of three little-endian u64s (version, size, fio's crc32c of what follows), then
 * struct thread_io_list: u32 depth (+4 padding), u64 numberio (writes issued), u64 index (the
 * job's thread index), the offset generator's state (u64 use64, then 6 u64 or 4 u32 words),
 * the job name in 64 bytes, and depth u64 slots of in-flight write numbers (UINT64_MAX = free).
 * The in-flight slots are kept as fio's log_inflight/invalidate_inflight keep them.
 */
public final class VerifyState {
    static final long VERSION = 5;
    static final long INVALID = -1L;
    private static final int HDR = 24;
    private static final int LIST = 144;

    private final long[] inflight;
    private final int[] unitSlot;
    private int next;
    private long issued;

    VerifyState(int depth, int units) {
        this.inflight = new long[Math.max(1, depth)];
        this.unitSlot = new int[units];
        clear();
    }

    /** fio's clear_inflight: a new loop over the files. */
    void clear() {
        Arrays.fill(inflight, INVALID);
        Arrays.fill(unitSlot, -1);
        next = 0;
        issued = 0;
    }

    /** fio's log_inflight: write {@code numberio} of unit {@code unit} is about to be issued. */
    void issued(int unit, long numberio) {
        int idx = next;
        for (int i = 0; i < inflight.length; i++) {
            if (inflight[idx] == INVALID) {
                inflight[idx] = numberio;
                unitSlot[unit] = idx;
                next = (idx + 1) % inflight.length;
                issued = numberio + 1;
                return;
            }
            idx = (idx + 1) % inflight.length;
        }
        // more writes in flight than the depth: fio aborts; keep counting without a slot
        issued = numberio + 1;
    }

    /** fio's invalidate_inflight: unit {@code unit}'s write completed (or failed). */
    /** The in-flight slot of a unit's write (-1 when none). */
    int slot(int unit) {
        return unitSlot[unit];
    }

    void completed(int unit) {
        int s = unitSlot[unit];
        if (s >= 0) {
            inflight[s] = INVALID;
            unitSlot[unit] = -1;
        }
    }

    long issued() {
        return issued;
    }

    /** fio's verify_state_gen_name: '/' in the job name becomes '.'. */
    static Path file(Path dir, String job, long index) {
        return dir.resolve("local-" + job.replace('/', '.') + "-" + index + "-verify.state");
    }

    /** The file's bytes; {@code rand} as FioRandom.save leaves it (use64, then the words). */
    byte[] encode(String job, long index, long[] rand) {
        int size = LIST + 8 * inflight.length;
        ByteBuffer b = ByteBuffer.allocate(HDR + size).order(ByteOrder.LITTLE_ENDIAN);
        int p = HDR;
        b.putInt(p, inflight.length);
        b.putLong(p + 8, issued);
        b.putLong(p + 16, index);
        boolean use64 = rand != null && rand[0] != 0;
        b.putLong(p + 24, use64 ? 1 : 0);
        if (rand != null) {
            for (int i = 0; i < (use64 ? 5 : 3); i++) {
                if (use64) {
                    b.putLong(p + 32 + 8 * i, rand[1 + i]);
                } else {
                    b.putInt(p + 32 + 4 * i, (int) rand[1 + i]);
                }
            }
        }
        byte[] name = job.getBytes(StandardCharsets.UTF_8);
        b.put(p + 80, name, 0, Math.min(63, name.length));
        for (int i = 0; i < inflight.length; i++) {
            b.putLong(p + LIST + 8 * i, inflight[i]);
        }
        b.putLong(0, VERSION);
        b.putLong(8, size);
        b.putLong(16, fioCrc32c(b.array(), HDR, size) & 0xffffffffL);
        return b.array();
    }

    /** fio's write_thread_list_state: false (after fio's messages) when the file cannot be written. */
    boolean save(Path dir, String job, long index, long[] rand, PrintStream err) {
        Path f = file(dir, job, index);
        try {
            Files.write(f, encode(job, index, rand), StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE, StandardOpenOption.SYNC);
            return true;
        } catch (IOException e) {
            err.println("fio: open state file: " + strerror(e));
            err.println("fio: state file: " + f + " (for_write=1)");
            return false;
        }
    }

    /** The C library's text for what failed, as fio's perror prints it. */
    static String strerror(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "No such file or directory";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "Permission denied";
        }
        return e.getMessage();
    }

    private static int fioCrc32c(byte[] a, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(a, off, len);
        return ~(int) c.getValue();
    }

    /** A loaded state: where a read-back stops (fio's verify_state_should_stop). */
    public static final class Loaded {
        final long numberio;
        final long[] inflight;

        Loaded(long numberio, long[] inflight) {
            this.numberio = numberio;
            this.inflight = inflight;
        }

        /** True (after fio's line on {@code out}) when write {@code n} is not to be verified. */
        boolean shouldStop(long n, PrintStream out) {
            if (n < numberio) {
                for (long w : inflight) {
                    if (w == n) {
                        out.printf("Stop verify because seq %d was an inflight write%n", n);
                        return true;
                    }
                }
                return false;
            }
            out.printf("Stop verify because seq %d >= %d%n", n, numberio);
            return true;
        }
    }

    /**
     * fio's verify_load_state: the state of job {@code job}, thread index {@code index}, or null
     * after fio's messages on {@code err} (the job then fails to start, as fio's).
     */
    static Loaded load(Path dir, String job, long index, PrintStream err) {
        Path f = file(dir, job, index);
        byte[] a;
        try {
            a = Files.readAllBytes(f);
        } catch (NoSuchFileException e) {
            err.println("fio: open state file: No such file or directory");
            err.println("fio: state file: " + f + " (for_write=0)");
            return null;
        } catch (IOException e) {
            err.println("fio: open state file: " + strerror(e));
            err.println("fio: state file: " + f + " (for_write=0)");
            return null;
        }
        if (a.length < HDR) {
            err.println("fio: failed reading verify state header");
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(a).order(ByteOrder.LITTLE_ENDIAN);
        long version = b.getLong(0);
        if (version != VERSION) {
            err.printf("fio: unsupported (%d) version in verify state header%n", (int) version);
            return null;
        }
        long size = b.getLong(8);
        if (size < LIST || size > a.length - HDR) {
            err.println("fio: failed reading verity state");
            return null;
        }
        if ((fioCrc32c(a, HDR, (int) size) & 0xffffffffL) != b.getLong(16)) {
            err.println("fio: verify state is corrupt");
            return null;
        }
        int depth = b.getInt(HDR);
        int slots = (int) Math.min(depth, (size - LIST) / 8);
        long[] inflight = new long[Math.max(0, slots)];
        for (int i = 0; i < inflight.length; i++) {
            inflight[i] = b.getLong(HDR + LIST + 8 * i);
        }
        return new Loaded(b.getLong(HDR + 8), inflight);
    }
}
