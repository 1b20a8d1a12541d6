package io.jfio.runner.log;

import io.jfio.testsupport.Strace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * write_iolog and read_iolog across the two tools: an iolog fio wrote, replayed by jfio, and one
 * jfio wrote, replayed by fio, issue the logged (file, offset, length, direction) sequence, as
 * strace sees the pread/pwrite/fsync calls; and a version 2 log replayed with replay_scale,
 * replay_align, replay_redirect and read_iolog_chunked issues the same calls in both (replay_skip
 * against fio 3.42 only: 3.33 ignores it in version 2 logs).
 */
@Timeout(300)
class IoLogReplayIT {
    private static final Pattern CALL = Pattern.compile(
            "(pread64|pwrite64|fsync|fdatasync)\\(\\d+<([^>]+)>(?:, \"(?:[^\"\\\\]|\\\\.)*\"(?:\\.\\.\\.)?, (\\d+), (\\d+))?\\)");

    @Test
    void logsWrittenByOneToolReplayInTheOther() throws Exception {
        assumeTrue(Files.isExecutable(LogRuns.FIO), "skipped: /usr/bin/fio is not installed");
        Strace.assumeInstalled();
        Path dir = LogRuns.scratch("iolog");
        try {
            Path data = dir.resolve("data");
            Files.write(data, new byte[256 * 1024]);
            String write = "[w]\nioengine=psync\nrw=randrw\nbs=4k\nsize=256k\nfsync=8\nfilename=" + data
                    + "\nwrite_iolog=LOG\n";
            // fio writes, jfio replays
            Path fioLog = dir.resolve("fio.iolog");
            LogRuns.fio(LogRuns.FIO, dir, write.replace("LOG", fioLog.toString()));
            List<String> expected = logged(fioLog);
            assertTrue(expected.size() > 64, "fio logged " + expected);
            List<String> jfio = strace(dir, jfioCommand(dir, replay(fioLog, "")), data);
            assertEquals(expected, jfio, "jfio replaying fio's iolog");
            // jfio writes, fio replays
            Path jfioLog = dir.resolve("jfio.iolog");
            LogRuns.jfio(dir, write.replace("LOG", jfioLog.toString()));
            assertEquals("fio version 3 iolog", Files.readAllLines(jfioLog).get(0));
            expected = logged(jfioLog);
            assertTrue(expected.size() > 64, "jfio logged " + expected);
            List<String> fio = strace(dir, fioCommand(dir, replay(jfioLog, "")), data);
            assertEquals(expected, fio, "fio replaying jfio's iolog");
        } finally {
            LogRuns.delete(dir);
        }
    }

    @Test
    void replayOptionsActAsInFio() throws Exception {
        assumeTrue(Files.isExecutable(LogRuns.FIO), "skipped: /usr/bin/fio is not installed");
        Strace.assumeInstalled();
        Path dir = LogRuns.scratch("iolog2");
        try {
            Path data = dir.resolve("data");
            Files.write(data, new byte[1 << 20]);
            StringBuilder v2 = new StringBuilder("fio version 2 iolog\n/nonexistent/trace-file add\n"
                    + "/nonexistent/trace-file open\n");
            for (int i = 0; i < 40; i++) {
                String dirn = i % 3 == 0 ? "write" : "read";
                v2.append("/nonexistent/trace-file ").append(dirn).append(' ').append(i * 12800L + 512 * (i % 5))
                        .append(' ').append(i % 4 == 0 ? 8192 : 4096).append('\n');
                if (i % 10 == 9) {
                    v2.append("/nonexistent/trace-file sync 0 0\n");
                }
            }
            v2.append("/nonexistent/trace-file close\n");
            Path log = dir.resolve("v2.iolog");
            Files.writeString(log, v2);
            String extra = "replay_redirect=" + data + "\nreplay_scale=2\nreplay_align=4096\nread_iolog_chunked=1\n";
            List<String> fio = strace(dir, fioCommand(dir, replay(log, extra)), data);
            List<String> jfio = strace(dir, jfioCommand(dir, replay(log, extra)), data);
            assertTrue(fio.size() > 40, "fio replayed " + fio);
            assertEquals(fio, jfio, "replay_redirect/scale/align, chunked, version 2");
            Path fio342 = LogRuns.fio342();
            if (fio342 == null) {
                // fio 3.33 ignores replay_skip in version 2 logs; 3.42 skips.
                System.out.println("replay_skip not compared: no fio 3.42 (JFIO_FIO342)");
                return;
            }
            extra = "replay_redirect=" + data + "\nreplay_skip=write,sync\n";
            fio = strace(dir, List.of(fio342.toString(), "--output=/dev/null", writeJob(dir, replay(log, extra)).toString()),
                    data);
            jfio = strace(dir, jfioCommand(dir, replay(log, extra)), data);
            assertTrue(fio.size() > 20 && fio.stream().allMatch(s -> s.startsWith("read")), "fio 3.42 replayed " + fio);
            assertEquals(fio, jfio, "replay_skip");
        } finally {
            LogRuns.delete(dir);
        }
    }

    private static String replay(Path log, String extra) {
        return "[r]\nioengine=psync\nread_iolog=" + log + "\n" + extra;
    }

    /** The I/O lines of an iolog as "ddir file offset length" ("sync file" for syncs). */
    private static List<String> logged(Path log) throws Exception {
        List<String> out = new ArrayList<>();
        for (String l : Files.readAllLines(log)) {
            String[] f = l.trim().split("\\s+");
            if (f.length == 5 && (f[2].equals("read") || f[2].equals("write"))) {
                out.add(f[2] + " " + f[1] + " " + f[3] + " " + f[4]);
            } else if (f.length == 5 && (f[2].equals("sync") || f[2].equals("datasync"))) {
                out.add(f[2] + " " + f[1]);
            }
        }
        return out;
    }

    private static Path writeJob(Path dir, String job) throws Exception {
        Path f = Files.createTempFile(dir, "replay-", ".fio");
        Files.writeString(f, job);
        return f;
    }

    private static List<String> fioCommand(Path dir, String job) throws Exception {
        return List.of(LogRuns.FIO.toString(), "--output=/dev/null", writeJob(dir, job).toString());
    }

    private static List<String> jfioCommand(Path dir, String job) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return List.of(java.toString(), "-Djnr.ffi.x86asm.enabled=false", "-cp", System.getProperty("java.class.path"),
                "io.jfio.runner.cli.Main", "--output=/dev/null", writeJob(dir, job).toString());
    }

    /**
     * The calls the command made on {@code data}, as "read|write path offset length" or "sync path",
     * in the order of entry: both tools replay a log in the job's one thread, so in its order.
     */
    private static List<String> strace(Path dir, List<String> cmd, Path data) throws Exception {
        Strace.Run r = new Strace("-y", "-e", "trace=pread64,pwrite64,fsync,fdatasync").run(dir, cmd, dir, 180);
        assertEquals(0, r.rc(), String.join(" ", cmd) + ":\n" + r.out() + r.err());
        List<String> seq = new ArrayList<>();
        String path = data.toString();
        for (String l : r.trace().lines()) {
            Matcher m = CALL.matcher(l);
            if (!m.find() || !m.group(2).equals(path)) {
                continue;
            }
            switch (m.group(1)) {
                case "pread64" -> seq.add("read " + path + " " + m.group(4) + " " + m.group(3));
                case "pwrite64" -> seq.add("write " + path + " " + m.group(4) + " " + m.group(3));
                case "fsync" -> seq.add("sync " + path);
                default -> seq.add("datasync " + path);
            }
        }
        return seq;
    }
}
