package io.jfio.runner.verify;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * verify_async=2 on a file with damaged blocks: jfio's verify threads report the blocks fio's
 * report, with the same lines (flags=84: the unit came from the write log and left the depth,
 * IO_U_F_VER_LIST | IO_U_F_NO_FILE_PUT, where inline verify prints 88), and a failure that ends
 * the job is fio's async one (verify.c:1554, func=async_verify). verify_async_cpus is honoured
 * without a warning, every CPU or one (VerifyThreadsTest checks the pinning). VerifyAsyncIT checks
 * the failure lines against fio 3.42's, VerifyAsyncVsFioIT against every fio.
 */
@Timeout(120)
class VerifyAsyncTest {
    static final Pattern FAIL = Pattern.compile(
            "md5: verify failed at file \\S+ offset (\\d+), length 4096 \\(requested block: offset=\\d+, length=4096,"
                    + " flags=84\\)\\n {7}Expected CRC: [0-9a-f]{32}\\n {7}Received CRC: [0-9a-f]{32}\\n");
    static final long[] DAMAGED = {4096, 40960, 81920, 520192};

    /** Every CPU this process may use, as t/verify.py's verify_async_cpus=0-1 is on a 2-CPU machine. */
    private static final String ALL_CPUS = allCpus();

    private static String allCpus() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("Cpus_allowed_list:")) {
                    return l.substring(l.indexOf(':') + 1).trim();
                }
            }
        } catch (java.io.IOException e) {
            // fall through
        }
        return "0-" + (Runtime.getRuntime().availableProcessors() - 1);
    }

    static String[] job(Path f, boolean verifyOnly, String... extra) {
        List<String> a = new ArrayList<>(List.of("--name=a", "--filename=" + f, "--size=1M", "--bs=4k", "--rw=write",
                "--verify=md5", "--ioengine=libaio", "--iodepth=4", "--verify_async=2", "--verify_async_cpus=" + ALL_CPUS,
                "--output-format=terse"));
        if (verifyOnly) {
            a.add("--verify_only=1");
        }
        a.addAll(List.of(extra));
        return a.toArray(new String[0]);
    }

    static List<String> failures(CharSequence s) {
        List<String> l = new ArrayList<>();
        Matcher m = FAIL.matcher(s);
        while (m.find()) {
            l.add(m.group());
        }
        return l;
    }

    @Test
    void reportsWhatFiosVerifyThreadsReport() throws Exception {
        Path f = Files.createTempFile(Path.of("/tmp"), "verify-async", ".dat");
        try {
            StringBuilder log = new StringBuilder();
            assertEquals(0, VerifyTools.jfio(job(f, false), log), log.toString());
            assertTrue(!log.toString().contains("verify_async"), "verify_async(_cpus) warned: " + log);
            if (Runtime.getRuntime().availableProcessors() > 1) {
                // one CPU: the verify threads are pinned there, nothing is warned
                StringBuilder one = new StringBuilder();
                String[] pinned = job(f, true, "--verify_async_cpus=" + ALL_CPUS.split("[-,]")[0]);
                assertEquals(0, VerifyTools.jfio(pinned, one), one.toString());
                assertTrue(!one.toString().contains("verify_async"), one.toString());
            }
            for (long b : DAMAGED) {
                VerifyTools.flip(f, b + 100);
            }

            StringBuilder all = new StringBuilder();
            assertEquals(0, VerifyTools.jfio(job(f, true, "--continue_on_error=verify"), all), all.toString());
            List<String> mine = failures(all);
            TreeSet<Long> seen = new TreeSet<>();
            for (String l : mine) {
                Matcher m = FAIL.matcher(l);
                assertTrue(m.matches());
                seen.add(Long.parseLong(m.group(1)));
            }
            TreeSet<Long> want = new TreeSet<>();
            for (long b : DAMAGED) {
                want.add(b);
            }
            assertEquals(want, seen, all.toString());
            assertEquals(84, VerifyTools.terseError(all.toString()), all.toString());

            StringBuilder first = new StringBuilder();
            assertEquals(1, VerifyTools.jfio(job(f, true), first), first.toString());
            // Two verify threads may each be inside a check when the first failure ends the
            // verifying, as fio's may: one or two damaged blocks are reported, never a third.
            List<String> fatal = failures(first);
            assertTrue(!fatal.isEmpty() && fatal.size() <= 2, first.toString());
            for (String l : fatal) {
                Matcher m = FAIL.matcher(l);
                assertTrue(m.matches() && want.contains(Long.parseLong(m.group(1))), first.toString());
            }
            assertTrue(first.toString().contains("err=84/file:verify.c:1554, func=async_verify, error=Invalid or"
                    + " incomplete multibyte or wide character"), first.toString());
        } finally {
            Files.deleteIfExists(f);
        }
    }
}
