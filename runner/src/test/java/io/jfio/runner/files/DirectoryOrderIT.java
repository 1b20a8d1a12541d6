package io.jfio.runner.files;

import io.jfio.testsupport.ShmTempDir;
import org.junit.jupiter.api.io.TempDir;
import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Where a command line's filename= lands: fio joins it with the directory= given before it, so
 * {@code --filename=f --directory=d} writes ./f and {@code --directory=d --filename=f} writes d/f.
 * Both fio and jfio run in a scratch working directory; the files each leaves are compared.
 */
class DirectoryOrderIT {
    @TempDir(factory = ShmTempDir.class)
    Path dir;

    /** Empties the scratch directory between the two tools' runs. */
    private void wipe() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                if (!p.equals(dir)) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** The regular files under the scratch directory, relative and sorted. */
    private List<String> files() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    private List<String> run(List<String> cmd) throws IOException {
        wipe();
        Files.createDirectory(dir.resolve("d"));
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 120, dir);
        assertEquals(0, o.rc(), cmd + "\n" + o.both());
        return files();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--name=j --filename=f --directory=d | f",
        "--name=j --directory=d --filename=f | d/f",
        "--directory=d --name=j --filename=f | d/f",
        "--name=j --directory=d | d/j.0.0",
    })
    void theFilenameJoinsTheDirectoryGivenBeforeIt(String options, String expected) throws IOException {
        List<String> args = new ArrayList<>(List.of(options.split(" ")));
        args.addAll(List.of("--size=4k", "--bs=4k", "--rw=write", "--output=/dev/null"));
        List<String> fioCmd = new ArrayList<>(List.of(FioVsJfio.fio().toString()));
        fioCmd.addAll(args);
        List<String> fio = run(fioCmd);
        List<String> jfio = run(FioVsJfio.jfioCommand(args));
        assertEquals(List.of(expected), fio, "fio " + options);
        assertEquals(fio, jfio, "jfio " + options);
    }
}
