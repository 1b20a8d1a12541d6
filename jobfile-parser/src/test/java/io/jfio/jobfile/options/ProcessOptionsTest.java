package io.jfio.jobfile.options;

import io.jfio.jobfile.JobFileException;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.MachineInfo;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * uid=/gid= unset are -1, as fio's get_new_job leaves them, so a job that never asked switches no
 * credentials (it would call setresuid(0) and fail with EPERM for every user but root otherwise).
 */
class ProcessOptionsTest {
    private static final JobFileParser.Settings SETTINGS = new JobFileParser.Settings(false, false, List.of(), Map.of(),
            new MachineInfo(4096, 24105, 2), false);

    private static ProcessOptions of(String text) throws JobFileException {
        JobFileParser p = new JobFileParser(SETTINGS);
        p.parseContent("t.fio", text);
        return ThreadOptions.of(p.finish().jobs().get(0)).process();
    }

    @Test
    void unsetUidAndGidAreMinusOne() throws JobFileException {
        ProcessOptions p = of("[j]\nsize=1m\n");
        assertEquals(-1, p.uid());
        assertEquals(-1, p.gid());
    }

    @Test
    void anExplicitZeroIsKept() throws JobFileException {
        ProcessOptions p = of("[global]\nuid=0\n[j]\ngid=0\nsize=1m\n");
        assertEquals(0, p.uid());
        assertEquals(0, p.gid());
    }
}
