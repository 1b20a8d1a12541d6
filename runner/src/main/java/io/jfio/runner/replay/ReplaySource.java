package io.jfio.runner.replay;

import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.options.IoLogOptions;
import io.jfio.runner.job.IoSource;
import io.jfio.runner.job.SourceFactory;
import io.jfio.runner.workload.JobError;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/**
 * read_iolog: the job's I/Os come from an fio version 2 or 3 iolog or a blktrace instead of the
 * pattern (fio's read_iolog_get). Offsets are divided by replay_scale and aligned down to replay_align; version
 * 3 timestamps are replayed as delays between I/Os (scaled by replay_time_scale, none with
 * replay_no_stall); replay_skip drops directions. The whole log is read at set-up, or with
 * read_iolog_chunked a bounded window of it as the replay goes (without allocation per line).
 * File actions (add/open/close) are not replayed: every file of the log is open for the job.
 */
public final class ReplaySource implements IoSource {
    private static final int CHUNK = 4096;
    private static final IoDirection[] DIRS = IoDirection.values();

    private final List<IoFile> files;
    private final boolean noStall;
    private final long scale;
    private final long alignMask;
    private final int timeScale;
    private final int skipMask;
    private final PrintStream err;
    private final TraceInput reader;
    private final boolean chunked;
    private final int version;

    private byte[] act = new byte[CHUNK];
    private int[] file = new int[CHUNK];
    private long[] off = new long[CHUNK];
    private int[] len = new int[CHUNK];
    private long[] delay = new long[CHUNK];
    private int count;
    private int idx;
    private long lastTtime;
    /** Delay of file actions and waits, carried to the next I/O. */
    private long carried;
    private long pendingWait;
    private long lastIssueUsec = -1;
    private boolean hasDelays;

    private ReplaySource(IoLogOptions o, List<IoFile> files, PrintStream err) throws IOException {
        this.files = files;
        this.noStall = o.noStall();
        this.scale = o.scale();
        this.alignMask = o.align() > 0 ? ~(o.align() - 1) : -1L;
        this.timeScale = o.timeScale();
        this.skipMask = o.skipMask();
        this.err = err;
        this.chunked = o.chunked();
        this.reader = TraceInput.open(o, err, true);
        this.version = reader.version();
        if (chunked) {
            fill(CHUNK);
        } else {
            fill(Integer.MAX_VALUE);
            reader.close();
        }
    }

    /** The production factory: read_iolog replays, anything else runs {@code pattern}. */
    public static SourceFactory factory(SourceFactory pattern, PrintStream err) {
        return (spec, files) -> {
            IoLogOptions o = ThreadOptions.of(spec).iolog();
            if (o.readIolog() == null) {
                return pattern.create(spec, files);
            }
            return create(o, files, err);
        };
    }

    public static ReplaySource create(IoLogOptions o, List<IoFile> files, PrintStream err) throws JobError {
        try {
            return new ReplaySource(o, files, err);
        } catch (IOException e) {
            throw new JobError(22, "failed initializing iolog", e.getMessage());
        }
    }

    /** Reads up to {@code max} I/O entries of the log into the arrays (fio's read_iolog). */
    private void fill(int max) throws IOException {
        count = 0;
        idx = 0;
        while (count < max && reader.next()) {
            long d = 0;
            if (version == TraceInput.BLKTRACE) {
                d = noStall ? 0 : reader.delayUsec;
            } else if (version == 3) {
                long t = reader.ttime;
                d = lastTtime == 0 || noStall || t < lastTtime ? 0
                        : timeScale == 100 ? t - lastTtime : (long) ((t - lastTtime) * (100.0 / timeScale));
                lastTtime = t;
            }
            int a = reader.action;
            if (a == TraceReader.BAD) {
                err.println("bad iolog" + version + ": " + reader.badLine());
                continue;
            }
            if (a >= TraceReader.ADD) {
                carried += d;
                continue;
            }
            if (a == TraceReader.WAIT) {
                if (!noStall) {
                    // version 2 "wait": the offset field is the delay, as fio's ipo->delay
                    carried += reader.offset;
                    hasDelays = true;
                }
                continue;
            }
            int bit = a == TraceReader.DATASYNC ? -1 : a;
            if (bit >= 0 && (skipMask & (1 << bit)) != 0) {
                continue;
            }
            ensure(count + 1);
            act[count] = (byte) a;
            file[count] = reader.file;
            off[count] = ((scale > 1 ? reader.offset / scale : reader.offset)) & alignMask;
            len[count] = (int) reader.length;
            delay[count] = d + carried;
            if (delay[count] > 0) {
                hasDelays = true;
            }
            carried = 0;
            count++;
        }
    }

    private void ensure(int n) {
        if (n <= act.length) {
            return;
        }
        int cap = Math.max(n, act.length * 2);
        act = java.util.Arrays.copyOf(act, cap);
        file = java.util.Arrays.copyOf(file, cap);
        off = java.util.Arrays.copyOf(off, cap);
        len = java.util.Arrays.copyOf(len, cap);
        delay = java.util.Arrays.copyOf(delay, cap);
    }

    @Override
    public boolean next(IoUnit unit, long nowUsec) {
        while (true) {
            if (idx == count) {
                if (!chunked) {
                    return false;
                }
                try {
                    fill(CHUNK);
                } catch (IOException e) {
                    err.println("fio: iolog read: " + e.getMessage());
                    return false;
                }
                if (count == 0) {
                    return false;
                }
            }
            int i = idx++;
            int f = file[i];
            if (f >= files.size() || len[i] > unit.bufferCapacity) {
                err.println("fio: iolog entry " + (f >= files.size() ? "names an unknown file" : "is larger than the buffers"));
                continue;
            }
            unit.ddir = DIRS[act[i]];
            unit.file = files.get(f);
            unit.offset = off[i];
            unit.length = len[i];
            long d = delay[i];
            if (d > 0 && lastIssueUsec >= 0) {
                // fio's iolog_delay: the logged gap minus the time since the last issue
                long wait = d - (nowUsec - lastIssueUsec);
                pendingWait = Math.max(0, wait);
            } else {
                pendingWait = 0;
            }
            lastIssueUsec = nowUsec + pendingWait;
            return true;
        }
    }

    @Override
    public boolean paced() {
        return hasDelays;
    }

    @Override
    public boolean thinks() {
        return false;
    }

    @Override
    public long rateWaitUsec() {
        return pendingWait;
    }
}
