package io.jfio.runner;

import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;
import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * ioscheduler on a loop device against fio: the disk's queue/scheduler is switched (and left
 * switched) before the I/O; a scheduler the kernel does not have fails the job with err=22
 * after fio's "unable to set io scheduler" line.
 */
@Timeout(120)
@ExtendWith(LoopDevices.class)
class IoSchedulerIT {
    private static String scheduler(Path sysfs) throws Exception {
        String s = Files.readString(sysfs).trim();
        int a = s.indexOf('[');
        return a < 0 ? s : s.substring(a + 1, s.indexOf(']'));
    }

    private static String run(boolean fio, String dev, Path sysfs, String sched) throws Exception {
        Files.writeString(sysfs, "none");
        List<String> args = List.of("--name=s", "--filename=" + dev, "--rw=read", "--bs=4k", "--size=64k",
                "--ioscheduler=" + sched, "--output-format=terse");
        Outcome o = fio ? FioVsJfio.fio(args) : FioVsJfio.jfio(args);
        return "rc=" + o.rc() + " after=" + scheduler(sysfs) + " unable=" + o.err().contains(
                "fio: unable to set io scheduler to " + sched) + " err22=" + o.both().contains("err=22");
    }

    @Test
    void switchesTheLoopDevicesSchedulerAsFio(@Loop(mib = 16) LoopDevice dev) throws Exception {
        FioVsJfio.fio();
        Path sysfs = Path.of("/sys/block", Path.of(dev.device()).getFileName().toString(), "queue", "scheduler");
        assumeTrue(Files.exists(sysfs) && Files.readString(sysfs).contains("mq-deadline"),
                "skipped: the loop device has no mq-deadline scheduler");
        for (String sched : new String[] {"mq-deadline", "nosuch"}) {
            String f = run(true, dev.device(), sysfs, sched);
            String j = run(false, dev.device(), sysfs, sched);
            System.out.printf("ioscheduler=%s: fio %s, jfio %s%n", sched, f, j);
            assertEquals(f, j);
            assertTrue(sched.equals("nosuch") ? j.startsWith("rc=1 after=none unable=true err22=true")
                    : j.equals("rc=0 after=mq-deadline unable=false err22=false"), j);
        }
    }
}
