package io.jfio.runner.job;

import io.jfio.engine.IoFile;
import io.jfio.runner.stats.DiskDevices;
import io.jfio.runner.workload.JobError;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * ioscheduler= (backend.c: switch_ioscheduler, set_ioscheduler): for each regular file or block
 * device of the job whose disk fio tracks (disk_util, its default), the name is written to the
 * disk's queue/scheduler in sysfs and read back; a scheduler that did not take fails the job with
 * EINVAL (func=iosched_switch), an untunable queue ("none" alone) only says so. fio leaves the
 * scheduler switched after the run, and so does jfio.
 */
final class IoScheduler {
    private IoScheduler() {
    }

    static void apply(String scheduler, boolean diskUtil, List<IoFile> files, PrintStream err) throws JobError {
        if (scheduler == null || !diskUtil) {
            return; // without disk_util fio knows no disk for a file and switches nothing
        }
        DiskDevices disks = new DiskDevices();
        for (IoFile f : files) {
            if (f.type != IoFile.Type.REGULAR && f.type != IoFile.Type.BLOCK) {
                continue;
            }
            String disk = disks.deviceOf(f.path);
            if (disk == null) {
                continue;
            }
            set(Path.of("/sys/block", disk, "queue", "scheduler"), scheduler, err);
        }
    }

    private static void set(Path sysfs, String scheduler, PrintStream err) throws JobError {
        String now;
        try {
            Files.writeString(sysfs, scheduler, StandardCharsets.US_ASCII);
            now = Files.readString(sysfs, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            err.println("fio: os or kernel doesn't support IO scheduler switching");
            return;
        } catch (IOException e) {
            if (Files.exists(sysfs)) {
                // the kernel refused the name: what fio finds when it reads the list back
                now = read(sysfs);
            } else {
                err.println("fio: os or kernel doesn't support IO scheduler switching");
                return;
            }
        }
        int nl = now.indexOf('\n');
        String list = nl < 0 ? now : now.substring(0, nl);
        if (list.equals("none")) {
            err.println("fio: io scheduler is not tunable");
            return;
        }
        if (!list.contains("[" + scheduler + "]")) {
            err.println("fio: unable to set io scheduler to " + scheduler);
            throw new JobError(22, "iosched_switch", null);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            return "";
        }
    }
}
