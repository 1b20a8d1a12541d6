package io.jfio.runner;

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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * write_hint under strace against fio: buffered, one F_SET_RW_HINT (0x40c) on the inode; with
 * O_DIRECT first F_SET_FILE_RW_HINT (0x40e) on the descriptor, then F_SET_RW_HINT where the kernel
 * refuses that (Linux 6.x has no per-descriptor hints any more: EINVAL), as fio's td_io_open_file.
 */
@Timeout(120)
class WriteHintIT {
    private static final Pattern HINT = Pattern.compile("fcntl\\(\\d+, (0x40[ce])[^)]*\\) = (-?\\d+)( E[A-Z]+)?");

    @TempDir
    Path dir;

    private String observe(List<String> prefix, String who, String... opts) throws Exception {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("--name=h", "--filename=" + dir.resolve(who + ".dat"), "--rw=write", "--bs=4k",
                "--size=64k", "--output-format=terse"));
        cmd.addAll(List.of(opts));
        Strace.Run o = new Strace("-e", "trace=fcntl").run(dir, cmd, null, 60);
        StringBuilder calls = new StringBuilder("rc=" + o.rc());
        // in the order of entry: both tools make the two hints in one thread, the one that opens the file
        for (String l : o.trace().lines()) {
            Matcher m = HINT.matcher(l);
            if (m.find()) {
                calls.append(' ').append(m.group(1)).append('=').append(m.group(2))
                        .append(m.group(3) == null ? "" : m.group(3));
            }
        }
        return calls.toString();
    }

    private String compare(String... opts) throws Exception {
        Strace.assumeInstalled();
        Path fio = FioVsJfio.fio();
        String f = observe(List.of(fio.toString()), "fio", opts);
        String j = observe(FioVsJfio.jfioCommand(List.of()), "jfio", opts);
        System.out.printf("%s: fio %s, jfio %s%n", String.join(" ", opts), f, j);
        assertEquals(f, j);
        return j;
    }

    @Test
    void bufferedSetsTheInodeHint() throws Exception {
        assertEquals("rc=0 0x40c=0", compare("--write_hint=short"));
    }

    @Test
    void directTriesTheDescriptorFirst() throws Exception {
        String j = compare("--write_hint=extreme", "--direct=1");
        assertTrue(j.startsWith("rc=0 0x40e="), j);
        assertTrue(j.endsWith(" 0x40c=0") || j.equals("rc=0 0x40e=0"), j);
    }
}
