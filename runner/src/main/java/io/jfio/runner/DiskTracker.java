package io.jfio.runner;

import io.jfio.runner.files.FileNames;
import io.jfio.runner.job.Job;
import io.jfio.runner.stats.DiskDevices;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Disk statistics over the run (fio's diskutil.c): the devices under every job's
 * files, their /sys/block stat read before the jobs start, every 250 ms while they run and once
 * after they finish.
 */
final class DiskTracker {
    /** One tracked device: first and latest stat readings and when they were taken. */
    static final class Entry {
        final String name;
        final List<Entry> slaves = new ArrayList<>();
        long[] first;
        long[] last;
        long firstNanos;
        long lastNanos;

        Entry(String name) {
            this.name = name;
        }
    }

    private final DiskDevices devices;
    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private long nextSampleNanos;
    /** --debug=diskutil's lines, or null with the type off. */
    private final DiskUtilDebug debug;

    DiskTracker(DiskDevices devices) {
        this.devices = devices;
        this.debug = DiskUtilDebug.forRun(devices);
    }

    void track(List<Job> jobs) {
        List<List<String>> looked = new java.util.ArrayList<>();
        for (Job j : jobs) {
            String engine = j.options().queue().ioengine();
            // fio adds a job's disks once its files are set up, so one that failed there shows none.
            if (!j.options().stat().diskUtil() || engine.equals("null") || engine.startsWith("cpuio")
                    || EngineKinds.diskless(engine)
                    || j.setupFailed()) {
                continue;
            }
            List<String> files = diskFiles(j);
            if (debug != null) {
                debug.jobStarts(files);
                looked.add(files);
            }
            for (var e : devices.devicesOf(files).entrySet()) {
                if (entries.containsKey(e.getKey())) {
                    continue;
                }
                Entry entry = open(e.getKey());
                if (entry == null) {
                    continue;
                }
                for (String s : e.getValue().slaves()) {
                    Entry se = open(s);
                    if (se != null) {
                        entry.slaves.add(se);
                    }
                }
                entries.put(e.getKey(), entry);
            }
        }
        for (List<String> files : looked) {
            debug.jobRuns(files);
        }
        nextSampleNanos = System.nanoTime() + 250_000_000L;
    }

    /**
     * The files whose disks a job reports. A replay's files are the ones its log adds in the job's
     * own process (fio's init_iolog, which also looks up their disks there): fio's main process
     * never sees those disks and reports none for them, unless the jobs are threads (thread=1)
     * sharing its list; files the job names itself (filename=) it looks up when the job starts.
     */
    private static List<String> diskFiles(Job j) {
        if (j.options().iolog().readIolog() == null || j.options().process().thread()) {
            return FileNames.forJob(j.spec());
        }
        io.jfio.jobfile.JobSpec written = j.writtenSpec();
        String named = io.jfio.jobfile.options.ThreadOptions.of(written).files().filename();
        return named == null || named.isEmpty() ? List.of() : FileNames.forJob(written);
    }

    private Entry open(String name) {
        long[] stat = devices.readStat(name);
        if (stat == null) {
            return null;
        }
        Entry e = new Entry(name);
        e.first = stat;
        e.last = stat;
        e.firstNanos = System.nanoTime();
        e.lastNanos = e.firstNanos;
        return e;
    }

    /** Called often by the run loop; reads the stat files every 250 ms (true: it was time, fio's disk_util tick). */
    boolean sample() {
        long now = System.nanoTime();
        if (now < nextSampleNanos) {
            return false;
        }
        nextSampleNanos = now + 250_000_000L;
        if (debug != null) {
            debug.tick(true);
        }
        readAll();
        return true;
    }

    void finish() {
        if (debug != null) {
            debug.tick(false); // fio's run_threads ends with one more, its files closed by then
        }
        readAll();
    }

    private void readAll() {
        for (Entry e : entries.values()) {
            read(e);
            for (Entry s : e.slaves) {
                read(s);
            }
        }
    }

    private void read(Entry e) {
        long[] stat = devices.readStat(e.name);
        if (stat != null) {
            e.last = stat;
            e.lastNanos = System.nanoTime();
        }
    }

    List<Entry> results() {
        return new ArrayList<>(entries.values());
    }
}
