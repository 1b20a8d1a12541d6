package io.jfio.multi;

import io.jfio.jobfile.JobSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The parts of jfio-multi that need no I/O: overrides, targets, instance numbering, groups, the start wave. */
class MultiPartsTest {
    @Test
    void overridesGoLastInEveryJobSectionOnly() {
        String in = "[global]\nbs=4k\n\n[a]\nfilename=/x\n[ b ]\nrw=read";
        String out = JobText.withOverrides(in, List.of(Map.entry("filename", "/dev/loop9"), Map.entry("bs", "64k")));
        // a job's own filename= goes: a later filename= adds to it in fio, it does not replace it
        assertEquals("[global]\nbs=4k\n\n[a]\nfilename=/dev/loop9\nbs=64k\n[ b ]\nrw=read\n"
                + "filename=/dev/loop9\nbs=64k\n", out);
        assertEquals(in, JobText.withOverrides(in, List.of()));
    }

    @Test
    void targetFillsTheVariableOrReplacesTheFilename(@TempDir Path tmp) throws Exception {
        Path withVar = tmp.resolve("var.fio");
        Files.writeString(withVar, "[global]\nfilename=${TARGET}\nsize=1m\n[j]\nrw=read\n");
        Path plain = tmp.resolve("plain.fio");
        Files.writeString(plain, "[j]\nfilename=/somewhere/else\nsize=1m\nbs=4k\n");
        List<JobSpec> a = MultiRun.parse(new Instance(1, "t", withVar, "/dev/loop7", List.of()), List.of(), System.err);
        assertEquals("/dev/loop7", a.get(0).getString("filename"));
        List<JobSpec> b = MultiRun.parse(new Instance(1, "t", plain, "/dev/loop8", List.of(Map.entry("bs", "64k"))),
                List.of(), System.err);
        assertEquals("/dev/loop8", b.get(0).getString("filename"));
        assertEquals(65536, b.get(0).getPerDirection("bs")[0]);
        List<JobSpec> c = MultiRun.parse(new Instance(1, "t", plain, tmp.toString(), List.of()), List.of(), System.err);
        assertEquals(tmp.toString(), c.get(0).getString("directory"));
        MultiRun.MultiException e = assertThrows(MultiRun.MultiException.class, () -> MultiRun.parse(
                new Instance(2, "t", plain, null, List.of(Map.entry("bs", "zz"))), List.of(), System.err));
        assertTrue(e.getMessage().startsWith("instance-2 (" + plain + "): fio: "), e.getMessage());
    }

    @Test
    void instancesAreJobFilesTimesTargets() {
        List<Instance> in = MultiMain.instances(List.of("a.fio", "b.fio"), List.of("/dev/x", "/dev/y"), List.of());
        assertEquals(4, in.size());
        assertEquals("a@x", in.get(0).label());
        assertEquals("a@y", in.get(1).label());
        assertEquals("b@x", in.get(2).label());
        assertEquals("/dev/x", in.get(2).target());
        assertEquals(4, in.get(3).number());
        assertEquals("/dev/y", MultiMain.instances(List.of("a.fio"), List.of("/dev/x", "/dev/y"), List.of())
                .get(1).label());
    }

    @Test
    void groups() {
        Groups.Pair p = Groups.parse("1+3,2+4", 4);
        assertEquals(List.of(1, 3), p.a());
        assertEquals(List.of(2, 4), p.b());
        assertThrows(IllegalArgumentException.class, () -> Groups.parse("1,5", 4));
        assertThrows(IllegalArgumentException.class, () -> Groups.parse("1", 4));
        assertEquals(2, Groups.defaults(4).size());
        assertEquals(0, Groups.defaults(3).size());
    }

    @Test
    void onlyJobsThatStartAtOnceWaitAtTheBarrier(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("w.fio");
        Files.writeString(f, "[global]\nfilename=/dev/null\nsize=1m\n[a]\nnumjobs=2\n[b]\nstartdelay=1\n[c]\n"
                + "[d]\nstonewall\n[e]\n");
        List<JobSpec> jobs = MultiRun.parse(new Instance(1, "w", f, null, List.of()), List.of(), System.err);
        List<String> wave = MultiRun.firstWave(jobs).stream().map(JobSpec::name).toList();
        assertEquals(List.of("a", "a", "c"), wave);
    }

    @Test
    void gateOpensWhenTheLastExpectedJobArrivesOrWithdraws() throws Exception {
        StartGate g = new StartGate();
        JobSpec[] specs = MultiRun.parse(new Instance(1, "w", writeJob(), null, List.of()), List.of(), System.err)
                .toArray(new JobSpec[0]);
        for (JobSpec s : specs) {
            g.expect(s);
        }
        Thread t = new Thread(() -> g.arrive(specs[0]));
        t.start();
        t.join(100);
        assertTrue(t.isAlive(), "the first job must wait for the others");
        g.withdraw(specs[1]);
        t.join(5000);
        assertTrue(!t.isAlive() && g.isOpen());
    }

    private static Path writeJob() throws Exception {
        Path f = Files.createTempFile("gate", ".fio");
        Files.writeString(f, "[global]\nfilename=/dev/null\nsize=1m\n[a]\n[b]\n");
        f.toFile().deleteOnExit();
        return f;
    }
}
