package io.jfio.jobfile.options;

import io.jfio.jobfile.JobFileException;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.MachineInfo;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The clones of a numjobs= job share one typed option model, as fio copies the parent's
 * thread_options into each clone instead of parsing again (252 clones each reading every option
 * was half a second of a run's set-up): each clone keeps its own spec and its clone-dependent
 * values (read_iolog's file by clone index), and gets the same values and warnings as its own
 * model would hold.
 */
class CloneOptionsTest {
    private static final JobFileParser.Settings SETTINGS = new JobFileParser.Settings(false, false, List.of(), Map.of(),
            new MachineInfo(4096, 24105, 2), false);

    private static List<JobSpec> jobs(String text) throws JobFileException {
        JobFileParser p = new JobFileParser(SETTINGS);
        p.parseContent("t.fio", text);
        return p.finish().jobs();
    }

    @Test
    void clonesShareTheGroupsAndKeepTheirOwnSpec() throws JobFileException {
        List<JobSpec> specs = jobs("[j]\nsize=1m\nbs=8k\nrw=randrw\nnumjobs=4\nread_iolog=a.log:b.log:c.log\n"
                + "[k]\nsize=2m\n");
        assertEquals(5, specs.size());
        ThreadOptions first = ThreadOptions.of(specs.get(0));
        for (int i = 0; i < 4; i++) {
            JobSpec clone = specs.get(i);
            ThreadOptions o = ThreadOptions.of(clone);
            ThreadOptions own = ThreadOptions.from(clone);
            assertSame(clone, o.spec());
            assertSame(o, ThreadOptions.of(clone));
            assertSame(first.bs(), o.bs(), "clone " + clone.cloneIndex() + " re-read its block sizes");
            assertSame(first.buffer(), o.buffer());
            assertEquals(own.bs().allSizes().length, o.bs().allSizes().length);
            assertEquals(own.bs().max(0), o.bs().max(0));
            assertEquals(own.size().size(), o.size().size());
            assertEquals(own.io().rw(), o.io().rw());
            assertEquals(own.unsupported(), o.unsupported());
            assertEquals(new String[] {"a.log", "b.log", "c.log"}[clone.cloneIndex() % 3], o.iolog().readIolog(),
                    "clone " + clone.cloneIndex());
            assertEquals(own.iolog(), o.iolog());
        }
        ThreadOptions k = ThreadOptions.of(specs.get(4));
        assertSame(specs.get(4), specs.get(4).firstClone());
        assertEquals(2L << 20, k.size().size(), "another job took the first job's options");
    }
}
