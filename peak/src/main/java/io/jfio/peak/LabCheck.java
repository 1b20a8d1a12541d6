package io.jfio.peak;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.nativeio.RawMemory;
import io.jfio.engine.uring.IoUringEngine;
import io.jfio.engine.uringcmd.NvmeNamespace;
import io.jfio.engine.uringcmd.UringCmdEngine;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * NVMe checks run inside the lab guest by .ci/labs/lab-stage.sh (the build hosts have no NVMe). Each
 * check drives the engines through the IoEngine SPI, as the runner does, and prints one
 * "ok: ..." or "FAIL: ..." line; the exit status is the number of failures (0 = all passed).
 */
public final class LabCheck {
    private static final int BS = 4096;

    private final String ng;
    private final String blk;
    private int failures;

    private LabCheck(String ng, String blk) {
        this.ng = ng;
        this.blk = blk;
    }

    /** Args: ng blk [ng4k blk4k] - the second pair is a namespace with 4096-byte LBAs, when the lab has one. */
    public static void main(String[] args) {
        String ng = args.length > 0 ? args[0] : "/dev/ng0n1";
        String blk = args.length > 1 ? args[1] : "/dev/nvme0n1";
        LabCheck c = new LabCheck(ng, blk);
        c.runAll();
        int failures = c.failures;
        if (args.length > 3) {
            LabCheck c4k = new LabCheck(args[2], args[3]);
            c4k.run4k();
            failures += c4k.failures;
        }
        System.exit(Math.min(failures, 100));
    }

    /** A 4096-byte-LBA namespace: shift math both ways and the refusal of 512-byte blocks. */
    private void run4k() {
        check("identify " + ng, () -> {
            NvmeNamespace ns = identify(ng);
            if (ns.lbaSize() != 4096) {
                throw new AssertionError("expected 4096-byte LBAs, got " + ns.lbaSize());
            }
            return "nsid=" + ns.nsid() + " lba=" + ns.lbaSize() + " nsze=" + ns.nsze();
        });
        check("4k LBA: io_uring_cmd write -> io_uring read", () -> {
            roundTrip(uringCmd(Map.of()), ng, new IoUringEngine(), blk, 3L << 20, 32, 8, 41);
            return null;
        });
        check("4k LBA: io_uring write -> io_uring_cmd fixedbufs read", () -> {
            roundTrip(new IoUringEngine(), blk, uringCmd(Map.of("fixedbufs", "1")), ng, 5L << 20, 32, 8, 42);
            return null;
        });
        check("4k LBA: bs=512 is refused", () -> {
            UringCmdEngine e = new UringCmdEngine();
            IoFile f = new IoFile(ng, 0);
            ByteBuffer mem = RawMemory.allocate(BS, 4096);
            e.init(new Job(Map.of(), 1, List.of(f), new int[] {512}, List.of(new IoUnit(0, RawMemory.address(mem), 512))));
            try {
                e.openFile(f, OpenFlags.O_RDWR);
                e.closeFile(f);
                throw new AssertionError("bs=512 was accepted on a 4096-byte-LBA namespace");
            } catch (EngineException ex) {
                if (!ex.getMessage().contains("block size 512 must be a multiple of LBA data size 4096")) {
                    throw new AssertionError("unclear message: " + ex.getMessage());
                }
                return ex.getMessage();
            } finally {
                e.cleanup();
            }
        });
    }

    private interface Check {
        String run() throws Exception;
    }

    private void check(String name, Check body) {
        long t0 = System.nanoTime();
        try {
            String detail = body.run();
            System.out.printf("ok: %s (%d ms)%s%n", name, (System.nanoTime() - t0) / 1_000_000,
                detail == null ? "" : ": " + detail);
        } catch (Exception | AssertionError e) {
            failures++;
            System.out.println("FAIL: " + name + ": " + e.getMessage());
        }
        System.out.flush();
    }

    private void runAll() {
        check("identify " + ng, () -> {
            NvmeNamespace ns = identify(ng);
            return "nsid=" + ns.nsid() + " lba=" + ns.lbaSize() + " nsze=" + ns.nsze() + " bytes=" + ns.sizeBytes();
        });
        // Data written by one path must read back intact through the other.
        check("io_uring_cmd write -> io_uring read", () -> {
            roundTrip(uringCmd(Map.of()), ng, new IoUringEngine(), blk, 0, 64, 8, 11);
            return null;
        });
        check("io_uring write -> io_uring_cmd read", () -> {
            roundTrip(new IoUringEngine(), blk, uringCmd(Map.of()), ng, 1 << 20, 64, 8, 12);
            return null;
        });
        int region = 2;
        for (String variant : List.of("fixedbufs", "registerfiles", "hipri", "sqthread_poll", "fixedbufs+hipri",
            "nonvectored=0", "readfua+writefua")) {
            long off = (long) region << 20;
            long seed = region++ * 7L;
            check("io_uring_cmd " + variant, () -> {
                Map<String, String> opts = options(variant);
                long irqBefore = nvmeIoInterrupts();
                roundTrip(uringCmd(opts), ng, uringCmd(opts), ng, off, 64, 8, seed);
                long irqs = irqBefore < 0 ? -1 : nvmeIoInterrupts() - irqBefore;
                String detail = "128 I/Os, " + irqs + " I/O-queue interrupts";
                if (!variant.contains("hipri")) {
                    return detail;
                }
                String ioPoll = Files.readString(Path.of("/sys/block/" + Path.of(blk).getFileName() + "/queue/io_poll")).trim();
                if (!"1".equals(ioPoll)) {
                    throw new AssertionError("io_poll=" + ioPoll + ": no poll queues, hipri was served by interrupts");
                }
                if (irqs > 16) {
                    throw new AssertionError(detail + ": completions were not polled");
                }
                return detail + " (polled)";
            });
        }
        check("NVMe status named (read past the namespace end)", () -> {
            NvmeNamespace ns = identify(ng);
            String details = readPastEnd(ns.sizeBytes());
            if (!details.contains("sc=0x80") || !details.contains("LBA Out of Range")) {
                throw new AssertionError("unexpected error details: " + details);
            }
            return details;
        });
        check("block size not a multiple of the LBA size is refused", () -> {
            NvmeNamespace ns = identify(ng);
            int bad = ns.lbaSize() + ns.lbaSize() / 2;
            UringCmdEngine e = new UringCmdEngine();
            IoFile f = new IoFile(ng, 0);
            ByteBuffer mem = RawMemory.allocate(BS, 4096);
            Job job = new Job(Map.of(), 1, List.of(f), new int[] {bad},
                List.of(new IoUnit(0, RawMemory.address(mem), BS)));
            e.init(job);
            try {
                e.openFile(f, OpenFlags.O_RDWR);
                e.closeFile(f);
                throw new AssertionError("bs=" + bad + " was accepted");
            } catch (EngineException ex) {
                if (!ex.getMessage().contains("must be a multiple of LBA data size")) {
                    throw new AssertionError("unclear message: " + ex.getMessage());
                }
                return ex.getMessage();
            } finally {
                e.cleanup();
            }
        });
    }

    private static Map<String, String> options(String variant) {
        Map<String, String> m = new HashMap<>();
        m.put("cmd_type", "nvme");
        for (String part : variant.split("\\+")) {
            int eq = part.indexOf('=');
            m.put(eq < 0 ? part : part.substring(0, eq), eq < 0 ? "1" : part.substring(eq + 1));
        }
        return m;
    }

    private static UringCmdEngine uringCmd(Map<String, String> opts) {
        UringCmdEngine e = new UringCmdEngine();
        pending.put(e, opts);
        return e;
    }

    /** Options for engines created by {@link #uringCmd} (the engine only sees them at init). */
    private static final Map<IoEngine, Map<String, String>> pending = new HashMap<>();

    private static NvmeNamespace identify(String path) throws EngineException {
        int fd = Native.libc().open(path, 0, 0);
        if (fd < 0) {
            throw new EngineException("open " + path + ": " + Native.libc().strerror(Native.errno()));
        }
        try {
            return NvmeNamespace.identify(fd, path);
        } finally {
            Native.libc().close(fd);
        }
    }

    /**
     * Interrupts taken so far by the controller's I/O queues (/proc/interrupts lines "nvme0qN",
     * N > 0), or -1 when unknown. Poll queues have no interrupt vector: a polled job adds
     * (almost) nothing here, an interrupt-driven one adds about one per I/O.
     */
    private static long nvmeIoInterrupts() {
        try {
            long sum = 0;
            boolean any = false;
            for (String line : Files.readAllLines(Path.of("/proc/interrupts"))) {
                String[] f = line.trim().split("\\s+");
                String name = f[f.length - 1];
                if (!name.matches("nvme\\d+q[1-9]\\d*")) {
                    continue;
                }
                for (int i = 1; i < f.length && f[i].matches("\\d+"); i++) {
                    sum += Long.parseLong(f[i]);
                }
                any = true;
            }
            return any ? sum : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Writes {@code n} blocks at {@code base} through one engine, reads them through the other, compares. */
    private static void roundTrip(IoEngine writer, String wpath, IoEngine reader, String rpath, long base, int n,
                                  int depth, long seed) throws EngineException {
        ByteBuffer expect = RawMemory.allocate(n * BS, 4096);
        long x = seed * 0x9E3779B97F4A7C15L + 1;
        for (int i = 0; i < n * BS; i += 8) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            expect.putLong(i, x);
        }
        ByteBuffer got = RawMemory.allocate(n * BS, 4096);
        runJob(writer, wpath, IoDirection.WRITE, base, n, depth, expect);
        runJob(reader, rpath, IoDirection.READ, base, n, depth, got);
        for (int i = 0; i < n * BS; i += 8) {
            if (expect.getLong(i) != got.getLong(i)) {
                throw new AssertionError("data differs at byte " + (base + i) + " (written via " + writer.name()
                    + " on " + wpath + ", read via " + reader.name() + " on " + rpath + ")");
            }
        }
    }

    /** One short job: n blocks of BS bytes, depth in flight, data moved between the units' buffers and {@code data}. */
    private static void runJob(IoEngine e, String path, IoDirection dir, long base, int n, int depth, ByteBuffer data)
        throws EngineException {
        ByteBuffer mem = RawMemory.allocate(depth * BS, 4096);
        long addr = RawMemory.address(mem);
        List<IoUnit> units = new ArrayList<>();
        for (int i = 0; i < depth; i++) {
            units.add(new IoUnit(i, addr + (long) i * BS, BS));
        }
        IoFile f = new IoFile(path, 0);
        Map<String, String> opts = pending.getOrDefault(e, Map.of());
        e.init(new Job(opts, depth, List.of(f), new int[] {BS}, units));
        try {
            e.openFile(f, OpenFlags.O_RDWR | OpenFlags.O_DIRECT);
            int next = 0;
            int completed = 0;
            java.util.ArrayDeque<IoUnit> free = new java.util.ArrayDeque<>(units);
            while (completed < n) {
                int queued = 0;
                while (next < n && !free.isEmpty()) {
                    IoUnit u = free.poll();
                    u.file = f;
                    u.ddir = dir;
                    u.offset = base + (long) next * BS;
                    u.length = BS;
                    u.result = Long.MIN_VALUE;
                    u.rwFlags = 0;
                    // Remember which block this unit carries in startTimeNanos (unused here).
                    u.startTimeNanos = next;
                    if (dir == IoDirection.WRITE) {
                        copy(data, next * BS, mem, u.index * BS);
                    }
                    QueueStatus st = e.queue(u);
                    if (st == QueueStatus.BUSY) {
                        free.push(u);
                        break;
                    }
                    next++;
                    if (st == QueueStatus.COMPLETED) {
                        finish(e, u, dir, data, mem);
                        free.add(u);
                        completed++;
                    } else {
                        queued++;
                    }
                }
                if (queued > 0) {
                    e.commit();
                }
                if (completed < n) {
                    int got = e.getEvents(1, depth, 10_000_000_000L);
                    if (got <= 0) {
                        throw new AssertionError(e.name() + ": no completion within 10 s");
                    }
                    for (int i = 0; i < got; i++) {
                        IoUnit u = e.event(i);
                        finish(e, u, dir, data, mem);
                        free.add(u);
                        completed++;
                    }
                }
            }
            e.closeFile(f);
        } finally {
            e.cleanup();
        }
    }

    private static void finish(IoEngine e, IoUnit u, IoDirection dir, ByteBuffer data, ByteBuffer mem) {
        if (u.result != u.length) {
            String d = e.errorDetails(u);
            throw new AssertionError(e.name() + " " + dir + " at " + u.offset + ": result " + u.result
                + (u.result < 0 ? " (" + Native.libc().strerror((int) -u.result) + ")" : "") + (d != null ? "; " + d : ""));
        }
        if (dir == IoDirection.READ) {
            copy(mem, u.index * BS, data, (int) u.startTimeNanos * BS);
        }
    }

    private static void copy(ByteBuffer from, int fromOff, ByteBuffer to, int toOff) {
        for (int i = 0; i < BS; i += 8) {
            to.putLong(toOff + i, from.getLong(fromOff + i));
        }
    }

    private String readPastEnd(long size) throws EngineException {
        UringCmdEngine e = new UringCmdEngine();
        ByteBuffer mem = RawMemory.allocate(BS, 4096);
        IoUnit u = new IoUnit(0, RawMemory.address(mem), BS);
        IoFile f = new IoFile(ng, 0);
        e.init(new Job(Map.of(), 1, List.of(f), new int[] {BS}, List.of(u)));
        try {
            e.openFile(f, OpenFlags.O_RDWR);
            u.file = f;
            u.ddir = IoDirection.READ;
            u.offset = size;
            u.length = BS;
            e.queue(u);
            e.commit();
            if (e.getEvents(1, 1, 10_000_000_000L) != 1) {
                throw new AssertionError("no completion");
            }
            if (u.result >= 0) {
                throw new AssertionError("read past the end succeeded");
            }
            // fio's detail line gives the status codes; jfio's hint line names the status
            String d = e.errorDetails(u);
            String hint = e.errorHint((int) -u.result);
            e.closeFile(f);
            return (d == null ? "errno " + (-u.result) : d) + (hint == null ? "" : "; " + hint);
        } finally {
            e.cleanup();
        }
    }

    private record Job(Map<String, String> engineOptions, int iodepth, List<IoFile> files, int[] blockSizes,
                       List<IoUnit> ioUnits) implements EngineContext {
        @Override
        public String jobName() {
            return "lab";
        }

        @Override
        public boolean direct() {
            return true;
        }

        @Override
        public int extraOpenFlags() {
            return 0;
        }

        @Override
        public boolean readOnly() {
            return false;
        }

        @Override
        public long bufferRegionAddress() {
            return ioUnits.get(0).bufferAddress;
        }

        @Override
        public long bufferRegionLength() {
            return (long) ioUnits.size() * ioUnits.get(0).bufferCapacity;
        }
    }
}
