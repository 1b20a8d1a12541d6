package io.jfio.jobfile.options;

import io.jfio.jobfile.JobFileException;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.MachineInfo;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * filename= joins the directory= in force when it is parsed, as fio's str_filename_cb adds the
 * files at once (fio 3.33 and 3.42 alike: {@code --filename=f --directory=d} writes ./f).
 */
class FilenameDirectoryTest {
    private static final JobFileParser.Settings SETTINGS = new JobFileParser.Settings(false, false, List.of(), Map.of(),
            new MachineInfo(4096, 24105, 2), false);

    /** The one job of a command line of name=value words. */
    private static FileOptions cli(String... options) throws JobFileException {
        List<JobFileParser.CliOption> cli = new ArrayList<>();
        for (String o : options) {
            int eq = o.indexOf('=');
            cli.add(new JobFileParser.CliOption(o.substring(0, eq), o.substring(eq + 1)));
        }
        List<JobSpec> jobs = JobFileParser.parse(List.of(), cli, SETTINGS).jobs();
        assertEquals(1, jobs.size());
        return ThreadOptions.of(jobs.get(0)).files();
    }

    private static FileOptions jobFile(String text) throws JobFileException {
        JobFileParser p = new JobFileParser(SETTINGS);
        p.parseContent("t.fio", text);
        return ThreadOptions.of(p.finish().jobs().get(0)).files();
    }

    @Test
    void aDirectoryBeforeTheFilenameApplies() throws JobFileException {
        assertEquals("d", cli("name=j", "directory=d", "filename=f").filenameDirectory());
    }

    @Test
    void aDirectoryAfterTheFilenameOnTheCommandLineDoesNot() throws JobFileException {
        FileOptions fo = cli("name=j", "filename=f", "directory=d");
        assertNull(fo.filenameDirectory());
        assertEquals("d", fo.directory());
    }

    @Test
    void aGlobalDirectoryOnTheCommandLineApplies() throws JobFileException {
        assertEquals("d", cli("directory=d", "name=j", "filename=f").filenameDirectory());
    }

    @Test
    void inOneSectionTheDirectoryComesFirstWhateverTheLineOrder() throws JobFileException {
        // fio sorts a section's options by priority: filename's -1 puts it after directory
        assertEquals("d", jobFile("[j]\nfilename=f\ndirectory=d\n").filenameDirectory());
    }

    @Test
    void aJobsDirectoryDoesNotMoveTheGlobalFilename() throws JobFileException {
        assertNull(jobFile("[global]\nfilename=f\n[j]\ndirectory=d\n").filenameDirectory());
    }

    @Test
    void theGlobalDirectoryAppliesToTheJobsFilename() throws JobFileException {
        assertEquals("d", jobFile("[global]\ndirectory=d\n[j]\nfilename=f\n").filenameDirectory());
    }
}
