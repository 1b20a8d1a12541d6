package io.jfio.runner;

import io.jfio.jobfile.FioDebug;
import io.jfio.runner.stats.DiskDevices;

import java.util.ArrayList;
import java.util.List;

/**
 * fio's {@code --debug=diskutil} lines (diskutil.c) for the disk statistics jfio keeps: each
 * job's files looked up as the job starts (fio's init_disk_util in run_threads: {@code FILE
 * belongs to maj/min M/m}, a disk not yet in the list added with its sysfs path and its first
 * stat read, a device seen just before not looked up again), the same files once more from the
 * job's own thread (fio's init_iolog, where every device is known), and each 250 ms tick's
 * {@code update io ticks} with the stat read of every disk in use. Built only with the type on.
 */
final class DiskUtilDebug {
    private final DiskDevices devices;
    /** fio's disk_list: each disk's name and the maj/min it was added for. */
    private final List<String[]> list = new ArrayList<>();
    /** fio's last_majdev/last_mindev: the device looked up last, found or not. */
    private String last;

    private DiskUtilDebug(DiskDevices devices) {
        this.devices = devices;
    }

    /** The lines' source, or null with the type off. */
    static DiskUtilDebug forRun(DiskDevices devices) {
        return FioDebug.on(FioDebug.Type.DISKUTIL) ? new DiskUtilDebug(devices) : null;
    }

    private static void line(String s) {
        FioDebug.line(FioDebug.Type.DISKUTIL, s);
    }

    /** fio's init_per_file_disk_util for each file of a job that starts. */
    void jobStarts(List<String> files) {
        for (String f : files) {
            String mm = DiskDevices.majorMinor(f);
            if (mm == null) {
                continue;
            }
            line(f + " belongs to maj/min " + mm);
            if (known(mm) || mm.equals(last)) {
                continue;
            }
            last = mm;
            String disk = devices.findDisk(mm.replace('/', ':'));
            if (disk == null) {
                continue; // a file system without a device (tmpfs)
            }
            line("add maj/min " + mm + ": " + devices.statPath(disk).getParent());
            boolean listed = false;
            for (String[] du : list) {
                line("found " + du[0] + " in list");
                if (du[0].equals(disk)) {
                    listed = true;
                    break;
                }
            }
            if (!listed) {
                line("add " + disk + " to list");
                stat(disk);
                list.add(new String[] {disk, mm});
            }
        }
    }

    /** The job's own init_disk_util (fio's init_iolog): every device is in the list or was the last one. */
    void jobRuns(List<String> files) {
        for (String f : files) {
            String mm = DiskDevices.majorMinor(f);
            if (mm != null) {
                line(f + " belongs to maj/min " + mm);
            }
        }
    }

    private boolean known(String mm) {
        for (String[] du : list) {
            if (du[1].equals(mm)) {
                return true;
            }
        }
        return false;
    }

    /** fio's update_io_ticks: the stat of each listed disk while its files are open (during the run). */
    void tick(boolean inUse) {
        line("update io ticks");
        if (inUse) {
            for (String[] du : list) {
                stat(du[0]);
            }
        }
    }

    /** fio's get_io_ticks: the stat file's line as read, and whether its ten fields were there. */
    private void stat(String disk) {
        String path = devices.statPath(disk).toString();
        line("open stat file: " + path);
        String text = devices.statLine(disk);
        if (text == null || text.isEmpty()) {
            return;
        }
        int nl = text.indexOf('\n');
        String first = nl < 0 ? text : text.substring(0, nl);
        line(path + ": " + first);
        line(path + ": stat read ok? " + (first.trim().split("\\s+").length >= 11 ? 1 : 0));
    }
}
