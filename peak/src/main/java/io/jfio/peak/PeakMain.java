package io.jfio.peak;

import io.jfio.engine.EngineException;
import io.jfio.engine.nativeio.BlockDevice;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.nativeio.SyscallException;
import io.jfio.engine.uringcmd.NvmeNamespace;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * jfio-peak: fio's t/io_uring in Java (spec/engines.md 6). Same flags, same stdout lines, same
 * submit/reap loop; the main thread prints IOPS once a second from counters the submitters
 * publish. Deviations, all documented in docs/nvme-peak.md: latencies are measured with
 * System.nanoTime (so always nsec/usec, -T is ignored), fixed buffers are registered one per
 * ring slot, passthrough random offsets stay inside the namespace, -H and -P placement are not
 * supported.
 */
public final class PeakMain {
    static final int MAX_FDS = 16;
    private static final PrintStream OUT = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out),
        true, StandardCharsets.UTF_8);
    private static volatile boolean registerRing = true;

    private PeakMain() {
    }

    static synchronized void out(String line) {
        OUT.println(line);
    }

    static boolean registerRingEnabled() {
        return registerRing;
    }

    static void registerRingFailed() {
        registerRing = false;
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the tool; returns the exit status (t/io_uring exits 0 even when a submitter stopped on an error). */
    static int run(String[] args) {
        PeakOptions o;
        try {
            o = PeakOptions.parse(args);
        } catch (PeakOptions.UsageExit u) {
            if (u.message != null) {
                out(u.message);
            }
            OUT.print(new PeakOptions().usage("jfio-peak"));
            OUT.flush();
            return u.status;
        }
        if (o.hugetlbPath != null) {
            System.err.println("jfio-peak: -H (hugetlbfs buffers) is not supported");
            return 1;
        }
        if (o.aio) {
            if (o.polled) {
                System.err.println("aio does not support polled IO");
                o.polled = false;
            }
            if (o.nop) {
                System.err.println("aio does not support polled IO");
                o.nop = false;
            }
            if (o.fixedBufs || o.registerFiles) {
                System.err.println("aio does not support registered files or buffers");
                o.fixedBufs = false;
                o.registerFiles = false;
            }
        }
        if (o.bs <= 0) {
            out("error: bs:" + o.bs + " is not a valid block size");
            return 1;
        }
        PeakSubmitter.Shared shared = new PeakSubmitter.Shared(o.threads);
        PeakSubmitter[] subs = new PeakSubmitter[o.threads];
        for (int j = 0; j < o.threads; j++) {
            subs[j] = new PeakSubmitter(j, o, shared);
        }
        int status = openFiles(o, subs);
        if (status != 0) {
            return status;
        }
        if (o.stats && o.tscRate != 0) {
            out("Using TSC rate " + o.tscRate + "Hz");
        }
        Thread[] threads = new Thread[o.threads];
        for (int j = 0; j < o.threads; j++) {
            threads[j] = new Thread(subs[j], "jfio-peak-" + j);
            threads[j].setDaemon(true);
        }
        Thread mainThread = Thread.currentThread();
        final boolean[] signalled = {false};
        installSigint(() -> {
            synchronized (signalled) {
                signalled[0] = true;
            }
            mainThread.interrupt();
        });
        for (Thread t : threads) {
            t.start();
        }
        // t/io_uring's clock starts when the threads are created; a JVM's first ring setup and
        // class loading take far longer than C's, so jfio-peak starts it once every submitter is
        // set up (otherwise a short -r run is mostly start-up, worst on slow or emulated CPUs).
        try {
            shared.ready.await(60, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long done = 0;
        long calls = 0;
        long reap = 0;
        long ioErrors = 0;
        long maxIops = 0;
        int runtime = o.runtime;
        String reason = null;
        while (true) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                reason = "signal";
            }
            if (reason == null && runtime != 0 && --runtime == 0) {
                reason = "timeout";
            }
            if (reason != null) {
                out("Exiting on " + reason);
                for (PeakSubmitter s : subs) {
                    s.finish = true;
                }
                out(PeakFormat.maximum(maxIops));
                shared.finish = true;
                break;
            }
            if (shared.finish) {
                break; // a submitter stopped (error): no partial interval, as t/io_uring
            }
            if (o.stats) {
                shared.statsRunning = true;
            }
            long thisDone = 0;
            long thisCall = 0;
            long thisReap = 0;
            long thisErrors = 0;
            for (PeakSubmitter s : subs) {
                thisDone += s.done();
                thisCall += s.calls();
                thisReap += s.reaps();
                thisErrors += s.ioErrors();
            }
            long iops = thisDone - done - (thisErrors - ioErrors);
            maxIops = Math.max(maxIops, iops);
            out(PeakFormat.interval(iops, o.bs, o.nop, thisDone - done, thisReap - reap, thisCall - calls));
            done = thisDone;
            calls = thisCall;
            reap = thisReap;
            ioErrors = thisErrors;
        }
        for (PeakSubmitter s : subs) {
            s.finish = true;
        }
        for (int j = 0; j < threads.length; j++) {
            try {
                threads[j].join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            PeakSubmitter s = subs[j];
            if (s.ioErrors() != 0) {
                out(s.tid + ": " + s.ioErrors() + " IO errors");
            }
            if (o.stats) {
                out(s.tid + ": Latency percentiles:");
                OUT.print(s.latency.percentiles());
                OUT.flush();
            }
        }
        return 0;
    }

    private static void installSigint(Runnable onSignal) {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), sig -> onSignal.run());
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            // No SIGINT handling here (e.g. -Xrs): Ctrl-C then just ends the JVM.
        }
    }

    /** Opens the files and spreads them over the submitters as t/io_uring does; 0 or an exit status. */
    private static int openFiles(PeakOptions o, PeakSubmitter[] subs) {
        LibC c = Native.libc();
        int nfiles = o.files.size();
        if (nfiles == 0) {
            out("No files specified");
            OUT.print(o.usage("jfio-peak"));
            OUT.flush();
            return 1;
        }
        int nthreads = subs.length;
        int threadsPerF = nthreads / nfiles;
        int threadsRem = 0;
        if (threadsPerF == 0) {
            threadsPerF = 1;
        } else {
            threadsRem = nthreads - threadsPerF * nfiles;
        }
        int flags = OpenFlags.O_RDONLY | OpenFlags.O_NOATIME;
        if (!o.buffered) {
            flags |= OpenFlags.O_DIRECT;
        }
        int j = 0;
        for (String path : o.files) {
            int fd = c.open(path, flags, 0);
            if (fd < 0) {
                out("open: " + c.strerror(Native.errno()));
                return 1;
            }
            PeakFile f = size(o, path, fd);
            if (f == null) {
                out("failed getting size of device/file");
                return 1;
            }
            if (f.maxBlocks <= 1) {
                out("Zero file/device size?");
                return 1;
            }
            f = new PeakFile(path, fd, f.maxBlocks - 1, f.maxSize, f.nsid, f.lbaShift);
            int limit = threadsPerF + (threadsRem > 0 ? 1 : 0);
            for (int k = 0; k < limit; k++) {
                PeakSubmitter s = subs[(j + k) % nthreads];
                if (s.nrFiles == MAX_FDS) {
                    out("Max number of files (" + MAX_FDS + ") reached");
                    break;
                }
                s.files[s.nrFiles++] = f.copy();
                s.filename = path;
                if (o.numaPlacement) {
                    s.numaNode = numaNode(path);
                }
            }
            threadsRem--;
            j += limit;
        }
        return 0;
    }

    /** Size in t/io_uring's terms, or null (after printing why) when the file cannot be used. */
    private static PeakFile size(PeakOptions o, String path, int fd) {
        int mode;
        try {
            mode = (Integer) Files.getAttribute(Path.of(path), "unix:mode");
        } catch (Exception e) {
            return null;
        }
        int type = mode & 0170000;
        if (o.passthrough) {
            if (type != 0020000) {
                System.err.println("passthrough works with only nvme-ns generic devices (/dev/ngXnY)");
                return null;
            }
            NvmeNamespace ns;
            try {
                ns = NvmeNamespace.identify(fd, path);
            } catch (EngineException e) {
                System.err.println("error failed to fetch identify namespace");
                return null;
            }
            if (o.bs % ns.lbaSize() != 0) {
                out("error: bs:" + o.bs + " should be a multiple logical_block_size:" + ns.lbaSize());
                return null;
            }
            // t/io_uring uses nsze (LBAs) as the block count and multiplies by bs, which runs past
            // the namespace when bs > LBA size; jfio counts bs-sized blocks instead.
            long bytes = ns.sizeBytes();
            return new PeakFile(path, fd, bytes / o.bs, bytes, ns.nsid(), ns.lbaShift());
        }
        if (type == 0060000) {
            long bytes;
            try {
                bytes = BlockDevice.size(fd);
            } catch (SyscallException e) {
                return null;
            }
            return new PeakFile(path, fd, bytes / o.bs, bytes, 0, 0);
        }
        if (type == 0100000) {
            long bytes;
            try {
                bytes = Files.size(Path.of(path));
            } catch (Exception e) {
                return null;
            }
            return new PeakFile(path, fd, bytes / o.bs, bytes, 0, 0);
        }
        return null;
    }

    private static int numaNode(String path) {
        String base = Path.of(path).getFileName().toString();
        Path p = base.startsWith("ng") ? Path.of("/sys/class/nvme-generic", base, "device/numa_node")
            : Path.of("/sys/block", base, "device/numa_node");
        try {
            return Integer.parseInt(Files.readString(p).trim());
        } catch (Exception e) {
            return -1;
        }
    }
}
