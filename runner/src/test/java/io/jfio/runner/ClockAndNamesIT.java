package io.jfio.runner;

import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * clocksource and unique_filename against fio. clocksource=clock_gettime is jfio's own clock: no
 * warning, and the json echoes it as fio does; gettimeofday and cpu are honoured too (ClockOptionsIT). unique_filename only
 * prefixes names in client/server mode; elsewhere it decides fio's warning for verifying writers
 * that share files (numjobs=2 with unique names stays quiet), and the files are the same. (fio
 * prints that warning on stdout, jfio on stderr with its other parse warnings.)
 */
@Timeout(120)
class ClockAndNamesIT {
    @TempDir
    Path dir;

    private String names(Path d) throws Exception {
        try (Stream<Path> s = Files.list(d).sorted()) {
            return String.join(",", s.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void uniqueFilenameAsFio() throws Exception {
        FioVsJfio.fio();
        for (String u : new String[] {"0", "1"}) {
            String[] out = new String[2];
            for (int i = 0; i < 2; i++) {
                Path d = Files.createDirectories(dir.resolve((i == 0 ? "fio" : "jfio") + u));
                List<String> args = List.of("--name=v", "--directory=" + d, "--rw=write", "--verify=md5",
                        "--numjobs=2", "--size=64k", "--unique_filename=" + u, "--output-format=terse");
                Outcome o = i == 0 ? FioVsJfio.fio(args) : FioVsJfio.jfio(args);
                out[i] = "rc=" + o.rc() + " multiple-writers-warning="
                        + o.both().contains("multiple writers may overwrite blocks") + " files=" + names(d)
                        + " unsupported=" + o.err().contains("not supported by jfio");
            }
            System.out.printf("unique_filename=%s fio %s%n  jfio %s%n", u, out[0], out[1]);
            assertEquals(out[0], out[1]);
            assertEquals("rc=0 multiple-writers-warning=" + u.equals("0") + " files=v.0.0,v.1.0 unsupported=false",
                    out[1]);
        }
    }

    @Test
    void clockGettimeIsJfiosClock() throws Exception {
        FioVsJfio.fio();
        List<String> args = new ArrayList<>(List.of("--name=c", "--filename=" + dir.resolve("c.dat"), "--rw=read",
                "--size=64k", "--output-format=json"));
        Outcome f = FioVsJfio.fio(cat(args, "--clocksource=clock_gettime"));
        Outcome j = FioVsJfio.jfio(cat(args, "--clocksource=clock_gettime"));
        String echo = "\"clocksource\" : \"clock_gettime\"";
        assertTrue(f.out().contains(echo) && j.out().contains(echo), f.out() + "\n---\n" + j.out());
        assertEquals(0, j.rc(), j.both());
        assertFalse(j.err().contains("clocksource"), j.err());
        for (String other : new String[] {"--clocksource=gettimeofday", "--clocksource=cpu"}) {
            Outcome g = FioVsJfio.jfio(cat(args, other));
            assertEquals(0, g.rc(), g.both());
            assertFalse(g.err().contains("clocksource"), g.err());
        }
    }

    private static List<String> cat(List<String> a, String b) {
        List<String> l = new ArrayList<>(a);
        l.add(b);
        return l;
    }
}
