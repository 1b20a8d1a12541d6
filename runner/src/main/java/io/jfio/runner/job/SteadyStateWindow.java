package io.jfio.runner.job;

import io.jfio.jobfile.options.SteadyStateOptions;
import io.jfio.report.SteadyStateResult;

/**
 * The window of steady-state samples of one job or reporting group (fio's steadystate_data): a
 * ring of one IOPS, bandwidth and latency value per check interval, and the criterion over it,
 * computed as fio's steadystate.c does (running sums, equally spaced x for the slope, integer
 * mean in the slope's percentage).
 */
public final class SteadyStateWindow {
    private final SteadyStateOptions opts;
    private final int n;
    private final long[] iops;
    private final long[] bw;
    private final long[] lat;
    private final long sumX;
    private final long sumXSq;
    private int head;
    private int tail;
    private boolean bufferFull;
    private volatile boolean attained;
    private long sumY;
    private long sumXY;
    private long oldestY;
    private double slope;
    private double deviation;
    private double criterion;

    public SteadyStateWindow(SteadyStateOptions opts) {
        this.opts = opts;
        this.n = Math.max(1, opts.intervals());
        this.iops = new long[n];
        this.bw = new long[n];
        this.lat = new long[n];
        this.sumX = (long) n * (n - 1) / 2;
        this.sumXSq = (long) (n - 1) * n * (2L * n - 1) / 6;
    }

    /** Adds one interval's values; true when the criterion is now met (the window stops there). */
    public synchronized boolean add(long iopsValue, long bwValue, long latValue) {
        bw[tail] = bwValue;
        iops[tail] = iopsValue;
        lat[tail] = latValue;
        return opts.slope() ? slopeMet(pick(iopsValue, bwValue, latValue)) : deviationMet();
    }

    private long pick(long i, long b, long l) {
        return switch (opts.metric()) {
            case IOPS -> i;
            case BW -> b;
            case LAT -> l;
        };
    }

    private long[] series() {
        return switch (opts.metric()) {
            case IOPS -> iops;
            case BW -> bw;
            case LAT -> lat;
        };
    }

    int head() {
        return head;
    }

    int tail() {
        return tail;
    }

    private boolean slopeMet(long newVal) {
        long[] y = series();
        if (bufferFull || tail - head == n - 1) {
            if (!bufferFull) {
                sumY = 0;
                for (int i = 0; i < n; i++) {
                    sumY += y[i];
                    sumXY += i * y[(head + i) % n];
                }
                bufferFull = true;
            } else {
                sumY -= oldestY;
                sumY += newVal;
                sumXY = sumXY - sumY + n * newVal;
            }
            oldestY = y[head];
            slope = (unsigned(sumXY) - (double) sumX * unsigned(sumY) / n)
                    / (sumXSq - (double) sumX * sumX / n);
            criterion = opts.percent() ? 100.0 * slope / unsigned(Long.divideUnsigned(sumY, n)) : slope;
            if (SteadyStateDebug.on()) {
                SteadyStateDebug.line(String.format("sum_y: %s, sum_xy: %s, slope: %f, criterion: %f, limit: %f",
                        Long.toUnsignedString(sumY), Long.toUnsignedString(sumXY), slope, criterion, opts.limit()));
            }
            if (Math.abs(criterion) < opts.limit()) {
                return true;
            }
        }
        tail = (tail + 1) % n;
        if (tail <= head) {
            head = (head + 1) % n;
        }
        return false;
    }

    private boolean deviationMet() {
        long[] y = series();
        if (bufferFull || tail - head == n - 1) {
            if (!bufferFull) {
                sumY = 0;
                for (int i = 0; i < n; i++) {
                    sumY += y[i];
                }
                bufferFull = true;
            } else {
                sumY -= oldestY;
                sumY += y[tail];
            }
            oldestY = y[head];
            double mean = unsigned(sumY) / n;
            deviation = 0.0;
            for (int i = 0; i < n; i++) {
                deviation = Math.max(deviation, Math.abs(unsigned(y[i]) - mean));
            }
            criterion = opts.percent() ? 100.0 * deviation / mean : deviation;
            if (SteadyStateDebug.on()) {
                SteadyStateDebug.line(String.format("intervals: %d, sum_y: %s, mean: %f, max diff: %f, objective: %f,"
                        + " limit: %f", n, Long.toUnsignedString(sumY), mean, deviation, criterion, opts.limit()));
            }
            if (criterion < opts.limit()) {
                return true;
            }
        }
        tail = (tail + 1) % n;
        if (tail == head) {
            head = (head + 1) % n;
        }
        return false;
    }

    private static double unsigned(long v) {
        return v >= 0 ? v : (double) (v >>> 1) * 2.0 + (v & 1);
    }

    void markAttained() {
        attained = true;
    }

    public boolean attained() {
        return attained;
    }

    /** The report's view (a copy: the window may still move while a running job is reported). */
    public synchronized SteadyStateResult result() {
        return new SteadyStateResult(opts.name(), opts.percent(), opts.limit(), (int) opts.durationSec(), attained,
                bufferFull, head, iops.clone(), bw.clone(), lat.clone(), slope, deviation, criterion);
    }
}
