package io.jfio.runner;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.testsupport.Strace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * sync_file_range=FLAGS:N under strace against fio: after every N writes one sync_file_range(2)
 * of the bytes written to the file since its last sync, with the flags given; its latencies are
 * fio's sync latencies. fio counts the issued unit past its total_io_u array, into the write
 * direction's short count (fdatasync likewise into read's): the report shows it, and so does jfio.
 */
@Timeout(120)
class SyncFileRangeIT {
    private static final Pattern SFR = Pattern.compile("sync_file_range\\(\\d+, (\\d+), (\\d+), ([A-Z_|0-9]+)\\) = 0");

    @TempDir
    Path dir;

    private String observe(List<String> prefix, String who, List<String> opts) throws Exception {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("--name=s", "--directory=" + dir, "--filename_format=" + who + ".$filenum",
                "--rw=write", "--bs=4k", "--size=256k", "--output-format=json"));
        cmd.addAll(opts);
        Strace.Run o = new Strace("-e", "trace=sync_file_range,fdatasync").run(dir, cmd, null, 60);
        StringBuilder calls = new StringBuilder();
        long fdatasync = 0;
        // in the order of entry: the job's thread (fio's job process) makes every one of them
        for (String l : o.trace().lines()) {
            Matcher m = SFR.matcher(l);
            if (m.find()) {
                calls.append(m.group(1)).append('+').append(m.group(2)).append(' ').append(m.group(3)).append(';');
            } else if (l.contains("fdatasync(")) {
                fdatasync++;
            }
        }
        int start = o.out().indexOf('{');
        JsonNode job = JsonParser.parseDocument(o.out().substring(Math.max(0, start))).get("jobs").elements().get(0);
        return "rc=" + o.rc() + " calls=" + calls + " fdatasync=" + fdatasync + " sync.total_ios="
                + job.get("sync").getLong("total_ios") + " sync.N=" + job.get("sync").get("lat_ns").getLong("N")
                + " short=" + job.get("read").getLong("short_ios") + "," + job.get("write").getLong("short_ios")
                + " writes=" + job.get("write").getLong("total_ios");
    }

    private String compare(String... opts) throws Exception {
        Strace.assumeInstalled();
        Path fio = FioVsJfio.fio();
        String f = observe(List.of(fio.toString()), "fio", List.of(opts));
        String j = observe(FioVsJfio.jfioCommand(List.of()), "jfio", List.of(opts));
        System.out.printf("%s%n  fio  %s%n  jfio %s%n", String.join(" ", opts), f, j);
        assertEquals(f, j);
        return j;
    }

    @Test
    void everyEightWritesTheRangeSinceTheLastSync() throws Exception {
        StringBuilder calls = new StringBuilder();
        for (int i = 0; i < 7; i++) {
            calls.append(i * 32768).append("+32768 SYNC_FILE_RANGE_WAIT_BEFORE|SYNC_FILE_RANGE_WRITE;");
        }
        // 64 writes: a sync after 8, 16, ... 56 (none after the last write: the job is done)
        assertEquals("rc=0 calls=" + calls + " fdatasync=0 sync.total_ios=0 sync.N=7 short=0,7 writes=64",
                compare("--sync_file_range=wait_before,write:8"));
    }

    @Test
    void everyWriteWithWaitAfter() throws Exception {
        String flags = " SYNC_FILE_RANGE_WRITE|SYNC_FILE_RANGE_WAIT_AFTER;";
        assertEquals("rc=0 calls=0+65536" + flags + "65536+65536" + flags + "131072+65536" + flags
                + " fdatasync=0 sync.total_ios=0 sync.N=3 short=0,3 writes=4",
                compare("--sync_file_range=write,wait_after", "--bs=64k"));
    }

    @Test
    void fdatasyncCountsInReadsShortColumnAsFio() throws Exception {
        assertEquals("rc=0 calls= fdatasync=7 sync.total_ios=0 sync.N=7 short=7,0 writes=64",
                compare("--fdatasync=8"));
    }
}
