package io.jfio.runner.replay;

import io.jfio.jobfile.FioDebug;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;

/**
 * A blktrace binary trace replayed as fio's read_blktrace does: only queue events count; a
 * discard is a trim, a flush a sync, every other event a read or a write; the device of each is
 * the block device in /dev with its major:minor (or replay_redirect); the delay of an event is
 * the time since the previous queue event; replay_align rounds lengths up. While it reads it
 * adds up what fio derives for the job: the directions and largest lengths, the bytes (fio's new
 * size) and the queue depth the trace reached (queue events less merges, up to a completion).
 * With {@code --debug=blktrace} the reader that feeds the replay prints the lines of fio's
 * blktrace.c as it meets the records (the pdus it skips, notifies, devices it adds, the I/Os it
 * stores); the reader that only sizes the job does not, as fio reads the trace once.
 */
final class BlktraceReader extends TraceInput {
    /** Bytes of fio's struct blk_io_trace. */
    static final int RECORD = 48;
    private static final int MAGIC = 0x65617400;
    private static final int VERSION = 0x07;
    private static final int TC_SHIFT = 16;
    private static final int TC_READ = 1;
    private static final int TC_WRITE = 1 << 1;
    private static final int TC_FLUSH = 1 << 2;
    private static final int TC_NOTIFY = 1 << 10;
    private static final int TC_DISCARD = 1 << 13;
    private static final int TA_QUEUE = 1;
    private static final int TA_BACKMERGE = 2;
    private static final int TA_FRONTMERGE = 3;
    private static final int TA_COMPLETE = 8;

    private final InputStream in;
    private final ByteBuffer rec;
    private final String redirect;
    private final long align;
    private final long scale;
    private final boolean debug;
    private final int skipMask;
    private final boolean noStall;
    private final int timeScale;
    private final PrintStream err;
    private boolean warnedZero;
    private long lastTime;
    /** fio's file_cache: the device of the previous event and its file. */
    private long cachedDevice = -1;
    private int cachedFile;
    /** The device each file was last added for (fio's f->major, f->minor), beside {@link #names}. */
    private final java.util.List<Long> fileDevices = new java.util.ArrayList<>();
    private boolean pendingIo;

    final long[] ios = new long[4];
    final long[] maxLen = new long[3];
    private final int[] thisDepth = new int[3];
    private final int[] depth = new int[3];
    long bytes;

    /**
     * @param swap whether the trace is of the other byte order ({@link #probe})
     * @param lines whether this reader prints the {@code --debug=blktrace} lines (when that type is on)
     */
    BlktraceReader(InputStream in, boolean swap, String redirect, long align, long scale, int skipMask,
                   boolean noStall, int timeScale, PrintStream err, boolean lines) {
        this.in = in;
        this.rec = ByteBuffer.allocate(RECORD).order(swap ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        this.redirect = redirect;
        this.align = align;
        this.scale = scale;
        this.debug = lines && FioDebug.on(FioDebug.Type.BLKTRACE);
        this.skipMask = skipMask;
        this.noStall = noStall;
        this.timeScale = timeScale;
        this.err = err;
    }

    /**
     * fio's is_blktrace: null when the file is not a blktrace, else whether it needs byte swapping.
     * A file shorter than one record is not one (fio says so: "short read on blktrace file").
     */
    static Boolean probe(Path file, PrintStream err) {
        byte[] b = new byte[RECORD];
        int n = 0;
        try (InputStream s = Files.newInputStream(file)) {
            while (n < RECORD) {
                int r = s.read(b, n, RECORD - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
        } catch (IOException e) {
            return null;
        }
        if (n != RECORD) {
            err.println("fio: short read on blktrace file");
            return null;
        }
        int le = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(0);
        if ((le & 0xffffff00) == MAGIC) {
            return Boolean.FALSE;
        }
        if ((Integer.reverseBytes(le) & 0xffffff00) == MAGIC) {
            return Boolean.TRUE;
        }
        return null;
    }

    @Override
    int version() {
        return BLKTRACE;
    }

    @Override
    boolean next() throws IOException {
        if (pendingIo) {
            // the open of a new device went first; now its I/O
            pendingIo = false;
            action = pendingAction;
            delayUsec = pendingDelay;
            file = cachedFile;
            return true;
        }
        while (true) {
            if (!readRecord()) {
                finish();
                return false;
            }
            int magic = rec.getInt(0);
            if ((magic & 0xffffff00) != MAGIC) {
                throw new IOException(String.format("fio: bad magic in blktrace data: %x", magic));
            }
            if ((magic & 0xff) != VERSION) {
                throw new IOException("fio: bad blktrace version " + (magic & 0xff));
            }
            skip(rec.getShort(46) & 0xffff);
            int act = rec.getInt(28);
            long time = rec.getLong(8);
            int kind = act & 0xffff;
            boolean notify = (act & (TC_NOTIFY << TC_SHIFT)) != 0;
            if (!notify) {
                int d = ddir(act);
                if (d >= 0) {
                    if (kind == TA_QUEUE) {
                        thisDepth[d]++;
                    } else if (kind == TA_BACKMERGE || kind == TA_FRONTMERGE) {
                        thisDepth[d]--;
                    } else if (kind == TA_COMPLETE) {
                        depth[d] = Math.max(depth[d], thisDepth[d]);
                        thisDepth[d] = 0;
                    }
                }
            }
            if (kind != TA_QUEUE || notify) {
                if (debug && kind == TA_QUEUE) {
                    notifyLine(act);
                }
                continue;
            }
            long delayNs = lastTime == 0 || noStall || Long.compareUnsigned(time, lastTime) < 0 ? 0
                    : timeScale == 100 ? time - lastTime : (long) ((time - lastTime) * (100.0 / timeScale));
            lastTime = time;
            long len = rec.getInt(24) & 0xffffffffL;
            if (align > 0) {
                len = (len + align - 1) & ~(align - 1);
            }
            int a;
            if ((act & (TC_DISCARD << TC_SHIFT)) != 0) {
                if ((skipMask & (1 << TraceReader.TRIM)) != 0) {
                    continue;
                }
                a = TraceReader.TRIM;
            } else if ((act & (TC_FLUSH << TC_SHIFT)) != 0) {
                if ((skipMask & (1 << TraceReader.SYNC)) != 0) {
                    continue;
                }
                a = TraceReader.SYNC;
            } else {
                a = (act & (TC_WRITE << TC_SHIFT)) != 0 ? TraceReader.WRITE : TraceReader.READ;
                // fio looks the device up before it skips, so a skipped event still adds its device
                boolean added = device(rec.getInt(36) & 0xffffffffL);
                if ((skipMask & (1 << a)) != 0) {
                    if (added) {
                        return openEvent(a, false);
                    }
                    continue;
                }
                if (len == 0) {
                    if (!warnedZero) {
                        warnedZero = true;
                        err.println("blktrace: ignoring zero byte trace: action=" + Integer.toHexString(act));
                    }
                    if (added) {
                        return openEvent(a, false);
                    }
                    continue;
                }
                return io(a, len, delayNs, added);
            }
            boolean added = device(rec.getInt(36) & 0xffffffffL);
            return io(a, a == TraceReader.SYNC ? 0 : len, delayNs, added);
        }
    }

    private int pendingAction;
    private long pendingDelay;

    private boolean io(int a, long len, long delayNs, boolean added) {
        ios[a]++;
        if (a != TraceReader.SYNC) {
            maxLen[a] = Math.max(maxLen[a], len);
            bytes += len;
            offset = rec.getLong(16) * 512;
            length = len;
        } else {
            offset = 0;
            length = 0;
        }
        delayUsec = delayNs / 1000;
        if (debug) {
            storeLine(a);
        }
        if (added) {
            return openEvent(a, true);
        }
        action = a;
        file = cachedFile;
        return true;
    }

    /** The file action fio queues when a device is added, before that event's I/O (if any). */
    private boolean openEvent(int a, boolean ioFollows) {
        pendingIo = ioFollows;
        pendingAction = a;
        pendingDelay = delayUsec;
        delayUsec = 0;
        action = TraceReader.OPEN;
        file = cachedFile;
        return true;
    }

    /** fio's trace_add_file; true when this event added a file. */
    private boolean device(long dev) {
        if (dev == cachedDevice) {
            return false;
        }
        cachedDevice = dev;
        int known = fileDevices.indexOf(dev);
        if (known >= 0) {
            cachedFile = known;
            return false;
        }
        String path = redirect != null ? redirect : lookup(Path.of("/dev"), dev >>> 20, dev & 0xfffff);
        if (path == null) {
            return false; // fio keeps the previous device's file
        }
        if (debug) {
            String lookup = "device lookup: " + (dev >>> 20) + "/" + (dev & 0xfffff);
            FioDebug.line(FioDebug.Type.BLKTRACE, redirect != null ? lookup + "\n overridden with: " + redirect : lookup);
            FioDebug.line(FioDebug.Type.BLKTRACE, "add devices " + path);
        }
        byte[] name = path.getBytes(StandardCharsets.UTF_8);
        int idx = -1;
        for (int i = 0; i < names.size(); i++) {
            if (java.util.Arrays.equals(names.get(i), name)) {
                idx = i;
            }
        }
        if (idx < 0) {
            names.add(name);
            fileDevices.add(dev);
            idx = names.size() - 1;
        } else {
            // fio's add_file_exclusive hands back the file, whose device becomes this one: the
            // device it had is looked up (and the file added) again when it comes back
            fileDevices.set(idx, dev);
        }
        cachedFile = idx;
        return true;
    }

    /** fio's blktrace_lookup_device: the first block device in readdir order, subdirectories first where met. */
    static String lookup(Path dir, long major, long minor) {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                Map<String, Object> a;
                try {
                    a = Files.readAttributes(p, "unix:mode,rdev", LinkOption.NOFOLLOW_LINKS);
                } catch (IOException | UnsupportedOperationException e) {
                    return null;
                }
                int mode = (Integer) a.get("mode");
                if ((mode & 0170000) == 0040000) {
                    String found = lookup(p, major, minor);
                    if (found != null) {
                        return found;
                    }
                }
                if ((mode & 0170000) != 0060000) {
                    continue;
                }
                long rdev = (Long) a.get("rdev");
                long maj = ((rdev >>> 8) & 0xfff) | ((rdev >>> 32) & ~0xfffL);
                long min = (rdev & 0xff) | ((rdev >>> 12) & ~0xffL);
                if (maj == major && min == minor) {
                    return p.toString();
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    private static int ddir(int act) {
        if ((act & (TC_READ << TC_SHIFT)) != 0) {
            return 0;
        }
        if ((act & (TC_WRITE << TC_SHIFT)) != 0) {
            return 1;
        }
        if ((act & (TC_DISCARD << TC_SHIFT)) != 0) {
            return 2;
        }
        return -1;
    }

    /** The depth fio probes from the trace: the deepest per direction, at most 1024, at least 1 with I/O. */
    int probedDepth() {
        int max = 0;
        for (int i = 0; i < 3; i++) {
            int d = depth[i] > 1024 ? 1024 : depth[i] == 0 && ios[i] > 0 ? 1 : depth[i];
            max = Math.max(max, d);
        }
        return max;
    }

    private void finish() throws IOException {
        if (ios[0] + ios[1] + ios[2] + ios[3] == 0) {
            throw new IOException("fio: found no ios in blktrace data");
        }
        if (names.isEmpty()) {
            throw new IOException("fio: did not find replay device(s)");
        }
    }

    private boolean readRecord() throws IOException {
        byte[] b = rec.array();
        int n = 0;
        while (n < RECORD) {
            int r = in.read(b, n, RECORD - n);
            if (r < 0) {
                break;
            }
            n += r;
        }
        // a part of a record at the end is the end, as fio's fread at EOF
        return n == RECORD;
    }

    /** fio's handle_trace_notify, for a notify that is a queue event. */
    private void notifyLine(int act) {
        if (act == (TA_QUEUE | TC_NOTIFY << TC_SHIFT)) {
            FioDebug.line(FioDebug.Type.BLKTRACE, "got timestamp notify: " + Integer.toHexString(act) + ", "
                    + rec.getInt(32));
        } else {
            FioDebug.line(FioDebug.Type.BLKTRACE, "unknown trace act " + Integer.toHexString(act));
        }
    }

    /** fio's store_ipo, handle_trace_discard and handle_trace_flush lines: the offset scaled and aligned. */
    private void storeLine(int a) {
        if (a == TraceReader.SYNC) {
            FioDebug.line(FioDebug.Type.BLKTRACE, "store flush delay=" + delayUsec);
            return;
        }
        long off = scale > 1 ? Long.divideUnsigned(offset, scale) : offset;
        if (align > 0) {
            off &= ~(align - 1);
        }
        String where = "off=" + Long.toUnsignedString(off) + ", len=" + length + ", delay=" + delayUsec;
        FioDebug.line(FioDebug.Type.BLKTRACE, a == TraceReader.TRIM ? "store discard, " + where
                : "store ddir=" + (a == TraceReader.WRITE ? 1 : 0) + ", " + where);
    }

    private void skip(int pdu) throws IOException {
        if (debug && pdu != 0) {
            FioDebug.line(FioDebug.Type.BLKTRACE, "discard pdu len " + pdu);
        }
        long left = pdu;
        while (left > 0) {
            long s = in.skip(left);
            if (s <= 0) {
                if (in.read() < 0) {
                    return;
                }
                s = 1;
            }
            left -= s;
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
