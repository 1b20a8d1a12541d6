package io.jfio.runner;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * cgroup, cgroup_weight, cgroup_nodelete against fio 3.42 on this machine's first blkio (v1) or
 * cgroup2 mount (as fio's find_cgroup_mnt picks it): the group made and removed (or kept), the job
 * in it (its exec_prerun, forked by the job, finds itself in the group's tasks), and the error
 * and exit status of a weight the kernel refuses. Needs root.
 */
@Timeout(180)
class CgroupIT {
    private static final String GROUP = "jfio-cgroup-it";

    @TempDir
    Path dir;

    private static Path mount() throws Exception {
        for (String l : Files.readAllLines(Path.of("/proc/mounts"))) {
            String[] f = l.split(" ");
            if (f.length > 3 && (f[2].equals("cgroup") && f[3].contains("blkio") || f[2].equals("cgroup2"))) {
                return f[2].equals("cgroup2") ? null : Path.of(f[1]);
            }
        }
        return null;
    }

    private String observe(List<String> prefix, String who, Path mount, String extra) throws Exception {
        Path run = Files.createDirectories(dir.resolve(who + extra.replace("=", "")));
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("--name=c", "--filename=" + run.resolve("c.dat"), "--rw=write", "--size=16k",
                "--cgroup=" + GROUP, "--exec_prerun=cd " + run + " && grep -qx $$ " + mount.resolve(GROUP)
                        .resolve("tasks") + " && echo in", "--output-format=terse"));
        if (!extra.isEmpty()) {
            cmd.add(extra);
        }
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
        Path prerun = run.resolve("c.prerun.txt");
        String terse = o.out().lines().filter(l -> l.startsWith("3;")).map(l -> String.join(";",
                List.of(l.split(";")).subList(2, 6))).findFirst().orElse("none");
        boolean kept = Files.isDirectory(mount.resolve(GROUP));
        if (kept) {
            Files.delete(mount.resolve(GROUP));
        }
        return "rc=" + o.rc() + " terse=" + terse + " prerun=" + (Files.exists(prerun) ? Files.readString(prerun).trim()
                : "none") + " kept=" + kept + " err=" + o.err().replaceAll("pid=\\d+", "pid=N");
    }

    @Test
    void cgroupAsFio() throws Exception {
        Path fio = FioVsJfio.fio342();
        assumeTrue("root".equals(System.getProperty("user.name")), "skipped: cgroups need root");
        Path mount = mount();
        assumeTrue(mount != null, "skipped: no cgroup v1 blkio mount (fio's first choice) here");
        assumeTrue(!Files.exists(mount.resolve(GROUP)), "skipped: " + mount.resolve(GROUP) + " exists");
        List<String> seen = new ArrayList<>();
        for (String extra : List.of("", "--cgroup_nodelete=1", "--thread", "--cgroup_weight=100")) {
            String f = observe(List.of(fio.toString()), "fio", mount, extra);
            String j = observe(FioVsJfio.jfioCommand(List.of()), "jfio", mount, extra);
            assertEquals(f, j, extra);
            seen.add(f);
        }
        assertTrue(seen.get(0).startsWith("rc=0 terse=c;0;0;0 prerun=in kept=false"), seen.get(0));
        assertTrue(seen.get(1).contains("prerun=in kept=true"), seen.get(1));
    }
}
