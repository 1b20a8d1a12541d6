package io.jfio.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Assumptions;

/**
 * A third-party engine jar built during a test: one Java source compiled against the test's own
 * class path, packed with a META-INF/services entry naming its factory (ioengine=external:jar).
 */
public final class EngineJar {
    private EngineJar() {
    }

    /**
     * Compiles {@code source} (class {@code className}) under {@code work} and writes
     * {@code work/jarName}; {@code factory} (binary name) goes into the service file. Skips the
     * test when the runtime has no compiler.
     */
    public static Path build(Path work, String className, String source, String factory, String jarName)
            throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Assumptions.assumeTrue(javac != null, "skipped: no Java compiler in this runtime (JRE only)");
        Path src = work.resolve("src/" + className.replace('.', '/') + ".java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, source);
        Path classes = work.resolve("classes");
        Files.createDirectories(classes);
        int rc = javac.run(null, null, null, "-d", classes.toString(),
            "-cp", System.getProperty("java.class.path"), src.toString());
        if (rc != 0) {
            throw new IOException("javac of " + className + " failed (" + rc + ")");
        }
        Path jar = work.resolve(jarName);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             var files = Files.walk(classes)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(p).toString()));
                Files.copy(p, out);
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/services/io.jfio.engine.IoEngineFactory"));
            out.write((factory + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }
}
