package io.jfio.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * dist/src/jit/io-path.txt, the CompileCommand file bin/jfio hands every job run: the JVM takes it
 * without a word on stdout (a line it cannot parse is reported there, in front of the report), and
 * each class or package it names still exists, so that a rename does not silently leave the
 * per-I/O path at the launcher's raised compile thresholds.
 */
class JitIoPathFileTest {
    private final Path file = SourceTree.root().resolve("dist/src/jit/io-path.txt");

    @Test
    void theJvmParsesItQuietly() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-XX:CompileCommandFile=" + file, "-cp",
                System.getProperty("java.class.path"), "io.jfio.dist.JitIoPathFileTest$Hello").start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out + err);
        assertEquals("hello\n", out, "the JVM printed something of its own on stdout");
    }

    @Test
    void everyClassAndPackageItNamesExists() throws Exception {
        List<String> patterns = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank() || line.startsWith("#") || line.equals("quiet")) {
                continue;
            }
            String[] f = line.split(",");
            if (f[0].equals("dontinline")) {
                assertEquals(2, f.length, line);
                String cls = f[1].substring(0, f[1].indexOf("::"));
                String method = f[1].substring(f[1].indexOf("::") + 2);
                boolean found = false;
                for (java.lang.reflect.Method m : Class.forName(cls, false, getClass().getClassLoader())
                        .getDeclaredMethods()) {
                    found |= m.getName().equals(method);
                }
                assertTrue(found, "no method " + f[1]);
                continue;
            }
            assertEquals(3, f.length, line);
            assertEquals("CompileThresholdScaling", f[0], line);
            assertTrue(Double.parseDouble(f[2]) < 1.0, line);
            patterns.add(f[1].substring(0, f[1].indexOf("::")));
        }
        assertFalse(patterns.isEmpty());
        ClassLoader cl = getClass().getClassLoader();
        for (String cls : patterns) {
            if (cls.endsWith(".*")) {
                String pkg = cls.substring(0, cls.length() - 2);
                assertTrue(cl.getDefinedPackage(pkg) != null || cl.getResource(pkg.replace('.', '/')) != null,
                        "no package " + pkg);
            } else {
                Class.forName(cls, false, cl); // throws for a class that was renamed or moved
            }
        }
    }

    /** What the JVM runs with the file: one line on stdout, nothing else. */
    public static final class Hello {
        public static void main(String[] args) {
            System.out.println("hello");
        }
    }
}
