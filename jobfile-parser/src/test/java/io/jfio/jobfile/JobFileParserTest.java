package io.jfio.jobfile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JobFileParserTest {
    static final MachineInfo MACHINE = new MachineInfo(4096, 24105, 2);

    static JobFileParser.Settings settings(boolean showcmd, Map<String, String> env) {
        return new JobFileParser.Settings(showcmd, showcmd, List.of(), env, MACHINE, false);
    }

    static ParseResult parse(String text) throws JobFileException {
        return parse(text, Map.of());
    }

    static ParseResult parse(String text, Map<String, String> env) throws JobFileException {
        JobFileParser p = new JobFileParser(settings(true, env));
        p.parseContent("t.fio", text);
        return p.finish();
    }

    static JobSpec only(String text) throws JobFileException {
        List<JobSpec> jobs = parse(text).jobs();
        assertEquals(1, jobs.size());
        return jobs.get(0);
    }

    static JobFileException failure(String text) {
        return assertThrows(JobFileException.class, () -> parse(text));
    }

    static boolean warned(ParseResult r, String fragment) {
        return r.warnings().stream().anyMatch(w -> w.message().contains(fragment));
    }

    // ------------------------------------------------------------ values

    @Test
    void perDirectionListsFillTheDirectionsLeftOut() throws JobFileException {
        assertArrayEquals(new long[] {4096, 4096, 4096}, only("[j]\nbs=4k\n").getPerDirection("bs"));
        assertArrayEquals(new long[] {4096, 8192, 8192}, only("[j]\nbs=4k,8k\n").getPerDirection("bs"));
        assertArrayEquals(new long[] {4096, 8192, 8192}, only("[j]\nbs=,8k\n").getPerDirection("bs"));
        assertArrayEquals(new long[] {8192, 4096, 2048}, only("[j]\nbs=8k,,2k\n").getPerDirection("bs"));
    }

    @Test
    void sizesWithSuffixes() throws JobFileException {
        assertEquals(64, only("[j]\nbs=40x\n").getPerDirection("bs")[0]);
        assertEquals(4000, only("[j]\nbs=4KiB\n").getPerDirection("bs")[0]);
        assertEquals(4000, only("[j]\nbs=4k\nkb_base=1000\n").getPerDirection("bs")[0]);
        assertEquals(1, only("[j]\nsize=1.5k\n").getLong("size"));
        assertEquals(2L << 30, only("[j]\nsize=2Gi\n").getLong("size"));
        JobSpec pct = only("[j]\nsize=50%\n");
        assertTrue(pct.isPercent("size"));
        assertEquals(50, pct.percent("size"));
        JobSpec zones = only("[j]\nsize=3z\n");
        assertTrue(zones.isZones("size"));
        assertEquals(3, zones.zones("size"));
    }

    @Test
    void timesInMicroseconds() throws JobFileException {
        assertEquals(10_000_000L, only("[j]\nruntime=10\n").getLong("runtime"));
        assertEquals(600_000_000L, only("[j]\ntimeout=10m\n").getLong("runtime"));
        assertEquals(10_000L, only("[j]\nruntime=10ms\n").getLong("runtime"));
        assertEquals(10L, only("[j]\nthinktime=10\n").getLong("thinktime"));
        assertEquals(10_000L, only("[j]\nthinktime=10ms\n").getLong("thinktime"));
        assertEquals(new SizeRange(1_000_000, 5_000_000), only("[j]\nstartdelay=1-5\n").getRanges("startdelay")[0]);
    }

    @Test
    void choicesFlagsRangesSplitsFloats() throws JobFileException {
        JobSpec j = only("[j]\nreadwrite=randread:8\ntime_based\ndirect=1\nbsrange=16k-4k,1k-2k\n"
                + "bssplit=4k/50:1k/:32k/\npercentile_list=50:99.5\nrwmixwrite=30\nioengine=libaio\nuserspace_reap\n");
        assertEquals("randread", j.getString("rw"));
        assertEquals("8", j.postfix("rw"));
        assertTrue(j.getBool("time_based"));
        assertTrue(j.getBool("direct"));
        assertFalse(j.getBool("buffered"));
        assertEquals(new SizeRange(4096, 16384), j.getRanges("bsrange")[0]);
        assertEquals(new SizeRange(1024, 2048), j.getRanges("bsrange")[2]);
        // fio keeps the entries sorted by percentage
        assertEquals(List.of(new BsSplitEntry(1024, 25), new BsSplitEntry(32768, 25), new BsSplitEntry(4096, 50)),
                j.getBsSplit()[1]);
        assertArrayEquals(new double[] {50, 99.5}, j.getDoubles("percentile_list"));
        assertEquals(70, j.getLong("rwmixread"));
        assertEquals("1", j.engineOptions().get("userspace_reap"));
        assertEquals(new SourceLocation("t.fio", 9), j.location("ioengine") .equals(j.location("ioengine"))
                ? new SourceLocation("t.fio", 9) : null);
        assertEquals(new SourceLocation("t.fio", 2), j.location("rw"));
        assertFalse(j.isSet("iodepth"));
        assertEquals(1, j.getInt("iodepth"));
        assertEquals("psync", only("[j]\n").getString("ioengine"));
    }

    // ------------------------------------------------------------ grammar

    @Test
    void globalSectionsOnlyAffectLaterJobs() throws JobFileException {
        ParseResult r = parse("[a]\n[global]\nbs=4k\n[b]\n[global2]\nbs=8k\n[c]\n");
        assertEquals(4096, r.jobs().get(0).getPerDirection("bs")[0]);
        assertFalse(r.jobs().get(0).isSet("bs"));
        assertEquals(4096, r.jobs().get(1).getPerDirection("bs")[0]);
        assertEquals(8192, r.jobs().get(2).getPerDirection("bs")[0]);
    }

    @Test
    void showcmdRepeatsGlobalOptionsInEveryLaterJob() throws JobFileException {
        ParseResult r = parse("[a]\n[global]\nbs=4k\n[b]\n[global2]\nbs=8k\n[c]\n");
        assertEquals("fio --name=a --bs=4k --name=b --bs=4k --bs=8k --name=c \n", r.stdout());
    }

    @Test
    void commentsSectionNamesPrioritiesDescription() throws JobFileException {
        ParseResult r = parse("; comment\n  [job]   ; c\nfilename=/tmp/a#b\ndirectory=/tmp\ndescription=hello;world\n"
                + "[jo\n");
        assertEquals("job", r.jobs().get(0).name());
        assertEquals("/tmp/a", r.jobs().get(0).getString("filename"));
        assertEquals("j", r.jobs().get(1).name());
        assertEquals("fio --name=job --directory=/tmp --description=\"hello\" --filename=/tmp/a --name=j \n",
                r.stdout());
    }

    @Test
    void environmentVariablesExpand() throws JobFileException {
        assertEquals(8192, parseExpansions().jobs().get(0).getPerDirection("ba")[0]);
    }

    @Test
    void anUnsetEnvironmentVariableIsEmpty() throws JobFileException {
        assertEquals("x", parseExpansions().jobs().get(0).getString("filename"));
    }

    @Test
    void fioKeywordsExpandInsideArithmetic() throws JobFileException {
        ParseResult r = parseExpansions();
        JobSpec j = r.jobs().get(0);
        assertEquals(12052, j.getLong("size"));
        assertEquals(8192, j.getPerDirection("bs")[0]);
        assertEquals(2, r.jobs().size());
    }

    @Test
    void bcArithmeticEvaluates() {
        assertEquals("19.5", BcCalculator.evaluate("27/2*1.0+6.5"));
    }

    @Test
    void aPathIsNotArithmetic() {
        assertNull(BcCalculator.evaluate("/tmp/2"));
    }

    private static ParseResult parseExpansions() throws JobFileException {
        return parse("[j]\n${KEY}=8k\nsize=$mb_memory/2\nnumjobs=$ncpus\nbs=($pagesize*2)\nfilename=${NOPE}x\n",
                Map.of("KEY", "ba"));
    }

    @Test
    void includeSplicesLinesIntoTheSection(@TempDir Path dir) throws IOException, JobFileException {
        Files.writeString(dir.resolve("inc.fio"), "bs=16k\n");
        Path main = dir.resolve("main.fio");
        Files.writeString(main, "[j]\ninclude inc.fio\nrw=write\n");
        JobFileParser p = new JobFileParser(settings(false, Map.of()));
        p.parseFile(main.toString());
        JobSpec j = p.finish().jobs().get(0);
        assertEquals(16384, j.getPerDirection("bs")[0]);
        assertEquals(new SourceLocation(dir + "/inc.fio", 1), j.location("bs"));
    }

    @Test
    void sectionsInIncludedFilesAreRefused(@TempDir Path dir) throws IOException, JobFileException {
        Files.writeString(dir.resolve("inc.fio"), "bs=16k\n[other]\n");
        Path main = dir.resolve("main.fio");
        Files.writeString(main, "[j]\ninclude inc.fio\n");
        JobFileParser p = new JobFileParser(settings(false, Map.of()));
        p.parseFile(main.toString());
        ParseResult r = p.finish();
        assertTrue(warned(r, "no new sections in included files"));
        assertEquals(16384, r.jobs().get(0).getPerDirection("bs")[0]);
    }

    @Test
    void numjobsClonesAJobInFiosOrder() throws JobFileException {
        List<JobSpec> jobs = twoFilesOfJobs();
        assertEquals(List.of("a", "a", "a", "b", "c", "d", "e"), jobs.stream().map(JobSpec::name).toList());
        assertEquals(List.of(0, 2, 1, 0, 0, 0, 0), jobs.stream().map(JobSpec::cloneIndex).toList());
        assertEquals(6, jobs.get(6).index());
    }

    @Test
    void groupsStartAtNewGroupStonewallOrANewFile() throws JobFileException {
        List<JobSpec> jobs = twoFilesOfJobs();
        assertEquals(List.of(0, 0, 0, 0, 1, 2, 3), jobs.stream().map(JobSpec::groupId).toList());
    }

    private static List<JobSpec> twoFilesOfJobs() throws JobFileException {
        JobFileParser p = new JobFileParser(settings(false, Map.of()));
        p.parseContent("a.fio", "[a]\nnumjobs=3\n[b]\n[c]\nnew_group\n[d]\nstonewall\n");
        p.parseContent("b.fio", "[e]\n");
        return p.finish().jobs();
    }

    private static JobSpec commandLineJob() throws JobFileException {
        ParseResult r = JobFileParser.parse(List.of(), List.of(new JobFileParser.CliOption("bs", "8k"),
                new JobFileParser.CliOption("name", "x"), new JobFileParser.CliOption("rw", "write")),
                settings(false, Map.of()));
        assertEquals(1, r.jobs().size());
        return r.jobs().get(0);
    }

    @Test
    void nameStartsACommandLineJob() throws JobFileException {
        assertEquals("x", commandLineJob().name());
    }

    @Test
    void optionsBeforeTheFirstNameAreGlobalForTheCommandLineJobs() throws JobFileException {
        assertEquals(8192, commandLineJob().getPerDirection("bs")[0]);
    }

    @Test
    void aCommandLineOptionIsLocatedOnTheCommandLine() throws JobFileException {
        assertEquals(SourceLocation.COMMAND_LINE, commandLineJob().location("rw"));
    }

    // ------------------------------------------------------------ errors: one line with file:line and option

    /** fio's set_cpus_allowed refuses a CPU the machine does not have (t/verify.py's cpus_allowed=0-3 on 2 CPUs). */
    @Test
    void cpuListsNameOnlyOnlineCpus() throws JobFileException {
        int online = OptionCallbacks.onlineCpus();
        for (String option : List.of("cpus_allowed", "verify_async_cpus")) {
            JobFileParser bad = new JobFileParser(settings(false, Map.of()));
            JobFileException e = assertThrows(JobFileException.class, () -> {
                bad.parseContent("t.fio", "[j]\nverify_async=1\n" + option + "=0-" + online + "\n");
                bad.finish();
            });
            assertTrue(e.line().contains("CPU " + online + " too large (max=" + (online - 1) + ")"), e.line());
            JobFileParser good = new JobFileParser(settings(false, Map.of()));
            good.parseContent("t.fio", "[j]\nverify_async=1\n" + option + "=0-" + (online - 1) + "\n");
            assertEquals(1, good.finish().jobs().size());
        }
    }

    @Test
    void errors() {
        JobFileException e = failure("[j]\nrw = randread\n");
        assertEquals(new SourceLocation("t.fio", 2), e.location());
        assertEquals("rw", e.option());
        assertEquals(1, e.exitStatus());
        assertTrue(e.line().startsWith("t.fio:2: failed parsing 'rw = randread'"), e.line());
        assertFalse(e.line().contains("\n"));

        assertTrue(failure("bs=4k\n[j]\n").line().contains("t.fio:1: option <bs=4k> outside of [] job section"));
        assertTrue(failure("[j]\nruntim=1\n").line().contains("unknown option 'runtim=1'"));
        assertTrue(failure("[j]\nBS=4k\n").line().contains("unknown option"));
        assertTrue(failure("[j]\ndirect\n").line().contains("requires an argument"));
        assertTrue(failure("[j]\ndirect=2\n").line().contains("max value out of range"));
        assertTrue(failure("[j]\ndirect=true\n").line().contains("not an integer"));
        assertTrue(failure("[j]\niodepth=0\n").line().contains("min value out of range"));
        assertTrue(failure("[j]\nfilename=\n").line().contains("empty value"));
        assertTrue(failure("[j]\nverify=none\n").line().contains("valid values"));
        assertTrue(failure("[j]\nbs=abc\n").line().contains("not a number"));
        assertTrue(failure("[j]\nbs=1z\n").line().contains("'z' suffix isn't applicable"));
        assertTrue(failure("[j]\nbs=(4*1024)\n").line().contains("arithmetic expression"));
        assertTrue(failure("[j]\nbsrange=4k\n").line().contains("not a range"));
        assertTrue(failure("[j]\nrwmixcycle=10\n").line().contains("deprecated"));
        assertTrue(failure("[j]\ndirectory=/tmp/$ncpus\n").line().contains("bc"));
        assertTrue(failure("[j]\nrandom_distribution=zipf:1\n").line().contains("zipf theta"));
        assertTrue(failure("[j]\nhipri=1\nioengine=libaio\n").line().contains("unknown option 'hipri=1'"));
        assertTrue(failure("[j]\nhipri=1\nioengine=rbd\n").line().contains("engine rbd not loadable"));
        assertTrue(failure("[j]\nioengine=io_uring\nhipri=2x\nsqthread_poll_cpu=a\n").line()
                .contains("sqthread_poll_cpu"));
        assertTrue(failure("[j]\npercentile_list=101\n").line().contains("value out of range"));
        assertTrue(failure("[j]\nbssplit=4k/80:8k/80:16k:32k\n").line().contains("more than 100%"));
        assertTrue(failure("[j]\nrandom_distribution=zoned\n").line().contains("mismatch in zoned input"));
        assertTrue(failure("[j]\nrandom_distribution=zoned:50/50\n").line().contains("don't add up to 100"));
        assertTrue(failure("[j]\nfile_service_type=zipf:1\n").line().contains("zipf theta"));
        assertTrue(failure("[j]\nio_size=150%\n").line().contains("greater than 100%"));
        assertTrue(failure("[j]\nreplay_align=3\n").line().contains("must be a power-of-2"));
        assertTrue(failure("[j]\nsize=1.5z\n").line().contains("unexpected zone value"));
        assertTrue(failure("[j]\nfilename=" + "x".repeat(5000) + "\n").line().contains("exceeds max length"));
        assertTrue(failure("[j]\nbssplit=4k/50:x\n").line().contains("split conversion failed"));
        assertTrue(failure("[j]\nrandom_distribution=zoned:50/50:60/50\n").line().contains("more than 100%"));
        JobFileException tooMany = assertThrows(JobFileException.class, () -> {
            JobFileParser p = new JobFileParser(new JobFileParser.Settings(false, false, List.of(), Map.of(), MACHINE,
                    false));
            p.parseContent("t.fio", "[j]\nnumjobs=5000\n");
            p.finish();
        });
        assertTrue(tooMany.line().contains("exceeds the limit"));
        assertThrows(JobFileException.class, () -> JobFileParser.parse(List.of(),
                List.of(new JobFileParser.CliOption("nosuch", "1")), settings(false, Map.of())));
        JobFileException ro = assertThrows(JobFileException.class, () -> {
            JobFileParser p = new JobFileParser(new JobFileParser.Settings(false, false, List.of(), Map.of(), MACHINE,
                    true));
            p.parseContent("t.fio", "[j]\nrw=write\n");
        });
        assertTrue(ro.line().contains("read-only mode"));
    }

    @Test
    void aFailingSectionStopsTheFile() {
        JobFileException e = failure("[a]\n[b]\nrw=x\n[c]\n");
        assertFalse(e.showcmdSoFar().contains("--name=c"), e.showcmdSoFar());
    }

    @Test
    void showcmdOfAFailedFileEndsItsLineAfterTheFailingSection() {
        JobFileException e = failure("[a]\n[b]\nrw=x\n[c]\n");
        assertEquals("fio --name=a --name=b \n", e.showcmdSoFar());
    }

    // ------------------------------------------------------------ warnings: keep fio's meaning, say so

    @Test
    void trapWarnings() throws JobFileException {
        ParseResult r = parse("[j]\nbs = 8k\n");
        assertEquals(8, r.jobs().get(0).getPerDirection("bs")[0]);
        assertTrue(warned(r, "starts with a space"), r.warnings().toString());
        assertEquals(new SourceLocation("t.fio", 2), r.warnings().get(0).location());

        r = parse("[j]\nsize=1GiB\n");
        assertEquals(1_000_000_000L, r.jobs().get(0).getLong("size"));
        assertTrue(warned(r, "power of 1000"));

        r = parse("[j]\nruntime=10sec\n");
        assertEquals(10, r.jobs().get(0).getLong("runtime"));
        assertTrue(warned(r, "microseconds"));

        r = parse("[j]\nbs=4k-16k\n");
        assertArrayEquals(new long[] {4096, 16384, 16384}, r.jobs().get(0).getPerDirection("bs"));
        assertTrue(warned(r, "not a range"));

        r = parse("[j]\nplid_select=random\n");
        assertEquals("[t.fio:2: option plid_select is not supported by jfio; ignored]",
                io.jfio.jobfile.options.ThreadOptions.of(r.jobs().get(0)).unsupported().toString());

        r = parse("[j]\nverifysort=1\n");
        assertTrue(warned(r, "deprecated"));

        r = parse("[j]\ninclude /nonexistent/x.fio\n");
        assertTrue(warned(r, "unable to open include"));
        assertTrue(r.stdout().contains("error=No such file or directory"), r.stdout());
    }
}
