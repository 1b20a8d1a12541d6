package io.jfio.jobfile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine values fio substitutes for $pagesize, $mb_memory and $ncpus. */
public record MachineInfo(long pageSize, long mbMemory, long cpus) {
    /** This machine: page size 4096 unless the JVM says otherwise, MemTotal from /proc/meminfo. */
    public static MachineInfo current() {
        long mem = 0;
        try {
            for (String l : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (l.startsWith("MemTotal:")) {
                    mem = Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            mem = Runtime.getRuntime().maxMemory() / (1024 * 1024);
        }
        return new MachineInfo(4096, mem, Runtime.getRuntime().availableProcessors());
    }
}
