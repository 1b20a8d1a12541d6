package io.jfio.dist;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The Java sources of every module, read as text: each file's module, package and imports. */
final class SourceTree {
    /** One source file. {@code imports} holds imported type or package names (static ones too). */
    record Source(String module, String set, Path path, String pkg, List<String> imports) {
        /** The imports' packages: the name up to the first capitalised segment. */
        List<String> importedPackages() {
            List<String> out = new ArrayList<>();
            for (String imp : imports) {
                StringBuilder b = new StringBuilder();
                for (String part : imp.split("\\.")) {
                    if (part.isEmpty() || Character.isUpperCase(part.charAt(0)) || part.equals("*")) {
                        break;
                    }
                    if (b.length() > 0) {
                        b.append('.');
                    }
                    b.append(part);
                }
                out.add(b.toString());
            }
            return out;
        }
    }

    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?([\\w.*]+)\\s*;", Pattern.MULTILINE);

    private SourceTree() {
    }

    /** The repository root: the dist module's parent (surefire runs in the module's directory). */
    static Path root() {
        Path root = Path.of("").toAbsolutePath().getParent();
        if (!Files.isRegularFile(root.resolve("pom.xml")) || !Files.isDirectory(root.resolve("engines"))) {
            throw new IllegalStateException("not the jfio root: " + root);
        }
        return root;
    }

    /** Every .java file under MODULE/src/SET/java, for each module directory of the root. */
    static List<Source> read(String set) {
        List<Source> out = new ArrayList<>();
        try (Stream<Path> modules = Files.list(root())) {
            for (Path m : modules.filter(p -> Files.isRegularFile(p.resolve("pom.xml"))).sorted().toList()) {
                Path java = m.resolve("src").resolve(set).resolve("java");
                if (!Files.isDirectory(java)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(java)) {
                    for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                        out.add(parse(m.getFileName().toString(), set, f));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static Source parse(String module, String set, Path f) throws IOException {
        String text = Files.readString(f);
        Matcher p = PACKAGE.matcher(text);
        String pkg = p.find() ? p.group(1) : "";
        List<String> imports = new ArrayList<>();
        Matcher i = IMPORT.matcher(text);
        while (i.find()) {
            imports.add(i.group(1));
        }
        // Fully qualified uses in code ("io.jfio.x.Y.z()") count as imports too.
        Matcher q = Pattern.compile("(?<![\\w.\"])((?:io\\.jfio|jnr|com\\.kenai)(?:\\.[a-z]\\w*)+\\.[A-Z]\\w*)").matcher(
                stripComments(text));
        while (q.find()) {
            imports.add(q.group(1));
        }
        return new Source(module, set, f, pkg, imports);
    }

    /** The text without comments and string literals (so prose and messages don't count). */
    static String stripComments(String text) {
        return text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\n]*", " ").replaceAll("\"(?:\\\\.|[^\"\\\\\n])*\"", "\"\"");
    }
}
