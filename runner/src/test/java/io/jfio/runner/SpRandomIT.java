package io.jfio.runner;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * sprandom, fio 3.42 against jfio on the same file jobs (fio 3.33 has no sprandom: skipped where
 * only it is installed; SpRandomTest holds recorded fio 3.42 I/Os for that case): the written
 * offsets in order (--debug=io), the issued counts, fio's notices on stdout, its refusals on
 * stderr and the exit status. The jobs are the shapes of fio's t/sprandom.py, made small.
 */
@Timeout(300)
class SpRandomIT {
    private static final Pattern QUEUE = Pattern.compile(" queue: io_u \\S+ off=0x([0-9a-f]+),len=0x([0-9a-f]+),ddir=(\\d)");
    private static final Pattern ISSUED = Pattern.compile("issued rwts: total=\\S+");

    @TempDir
    Path dir;

    /** What is compared of one run. */
    private record Seen(int rc, List<String> ios, String issued, List<String> notices, List<String> refusal) {
    }

    private Seen run(List<String> prefix, String who, String options) throws Exception {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("--name=s", "--filename=" + dir.resolve(who + ".spr"), "--debug=io"));
        if (!options.contains("--ioengine=")) {
            cmd.add("--ioengine=null"); // the offsets are the engine's business no more than the file's
        }
        for (String o : options.split(" ")) {
            if (o.startsWith("--filename=")) {
                // two files: each side its own pair
                cmd.set(cmd.indexOf("--filename=" + dir.resolve(who + ".spr")),
                        "--filename=" + dir.resolve(who + ".a") + ":" + dir.resolve(who + ".b"));
                continue;
            }
            cmd.add(o);
        }
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 240);
        List<String> ios = new ArrayList<>();
        Matcher m = QUEUE.matcher(o.out() + o.err());
        while (m.find()) {
            ios.add(m.group(3) + " " + m.group(1) + " " + m.group(2));
        }
        Matcher i = ISSUED.matcher(o.out());
        List<String> notices = Arrays.stream(o.out().split("\n")).filter(l -> l.startsWith("fio: sprandom")).toList();
        // fio's message, without the place jfio puts before a parse refusal; fio ends setup refusals
        // without a newline
        List<String> refusal = Arrays.stream(o.err().split("\n"))
                .filter(l -> l.contains("sprandom") || l.contains("SPRandom"))
                .map(l -> l.substring(l.lastIndexOf("fio: ")))
                .toList();
        return new Seen(o.rc(), ios, i.find() ? i.group() : "", notices, refusal);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        // t/sprandom.py's test 1 at half its size, on a real file: the byte count ends the job
        "--ioengine=psync --rw=randwrite --bs=4k --size=16M --sprandom=1 --spr_op=0.10 --spr_num_regions=50",
        // fio's examples/sprandom.fio (FIO_BS=4096) on a 16 MiB file: libaio at depth 64, O_DIRECT
        "--ioengine=libaio --rw=randwrite --bs=4096 --blockalign=4096 --direct=1 --norandommap=1 --iodepth=64"
            + " --sprandom=1 --spr_op=0.15 --spr_num_regions=100 --size=16M",
        // with a device cache (its test 6)
        "--rw=randwrite --bs=4k --size=4M --sprandom=1 --spr_op=0.10 --spr_num_regions=100 --spr_cs=32K",
        // the LFSR runs out in the last region
        "--rw=randwrite --bs=4k --size=1M --sprandom=1 --spr_num_regions=4",
        // reads and writes, larger blocks, a cache
        "--rw=randrw --bs=16k --size=4M --sprandom=1 --spr_op=0.3 --spr_num_regions=7 --spr_cs=64k",
        // fixup_options' refusals (tests 3, 4, 5)
        "--rw=randwrite --size=4M --sprandom=1 --random_generator=tausworthe",
        "--rw=randwrite --size=4M --sprandom=1 --norandommap=0",
        "--rw=randwrite --size=4M --sprandom=1 --random_generator=tausworthe --norandommap=0",
        "--rw=randread --size=4M --sprandom=1",
        // sprandom_init's (tests 7, 8), a block size that is no power of 2, two files
        "--rw=randwrite --size=4M --sprandom=1 --spr_num_regions=2000 --spr_cs=32K",
        "--rw=randwrite --size=4M --sprandom=1 --spr_cs=8M",
        "--rw=randwrite --size=12M --bs=12k --sprandom=1",
        "--rw=randwrite --size=4M --sprandom=1 --filename=two",
    })
    void sameAsFio342(String options) throws Exception {
        Path fio = FioVsJfio.fio342();
        Seen f = run(List.of(fio.toString()), "fio", options);
        Seen j = run(FioVsJfio.jfioCommand(List.of()), "jfio", options);
        assertEquals(f.rc(), j.rc(), "exit status");
        assertEquals(f.notices(), j.notices(), "notices on stdout");
        assertEquals(f.refusal(), j.refusal(), "refusal on stderr");
        assertEquals(f.issued(), j.issued(), "issued I/Os");
        assertEquals(f.ios().size(), j.ios().size(), "I/O count");
        assertEquals(f.ios(), j.ios(), "offsets in order");
        if (f.rc() == 0) {
            assertTrue(f.ios().size() > 200, "the job wrote: " + f.ios().size());
        } else {
            assertTrue(!f.refusal().isEmpty() && f.ios().isEmpty(), "fio refused the job: " + f);
        }
    }
}
