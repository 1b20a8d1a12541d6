package io.jfio.jobfile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine values fio substitutes for $pagesize, $mb_memory and $ncpus. */
public record MachineInfo(long pageSize, long mbMemory, long cpus) {
    /** This machine: page size 4096 unless the JVM says otherwise, MemTotal from /proc/meminfo. */
    public static MachineInfo current() {
        long mem = 0;
        // MemTotal is the file's first line; a read of every line with a regex per line was ~3 ms
        // of every start (the interpreter runs it once)
        try (java.io.BufferedReader r = Files.newBufferedReader(Path.of("/proc/meminfo"))) {
            for (String l; (l = r.readLine()) != null; ) {
                if (l.startsWith("MemTotal:")) {
                    mem = digits(l) / 1024;
                    break;
                }
            }
        } catch (IOException | NumberFormatException | ArithmeticException e) {
            mem = Runtime.getRuntime().maxMemory() / (1024 * 1024);
        }
        return new MachineInfo(4096, mem, Runtime.getRuntime().availableProcessors());
    }

    /** The number the line's digits make ("MemTotal:  24583812 kB" -> 24583812). */
    private static long digits(String line) {
        long v = 0;
        boolean any = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c >= '0' && c <= '9') {
                v = Math.addExact(Math.multiplyExact(v, 10), c - '0');
                any = true;
            }
        }
        if (!any) {
            throw new NumberFormatException(line);
        }
        return v;
    }
}
