package io.jfio.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * A test's scratch directory in /dev/shm (RAM-fast, so file jobs cost no disk I/O on a loaded
 * machine), else in /tmp: {@code @TempDir(factory = ShmTempDir.class) Path dir;}. JUnit deletes
 * it with everything in it after the test, also when the test fails. Named for the test class.
 */
public final class ShmTempDir implements TempDirFactory {
    @Override
    public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext context) throws Exception {
        Path base = Path.of(Files.isDirectory(Path.of("/dev/shm")) ? "/dev/shm" : "/tmp");
        return Files.createTempDirectory(base, "jfio-" + context.getRequiredTestClass().getSimpleName() + "-");
    }
}
