package io.jfio.jobfile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The file layer: splits a job file into sections of raw option lines, resolving includes.
 *
 * <p>Not built on ini4j: its parser trims values (fio keeps the leading blank, so {@code bs = 8k}
 * is 8 bytes), only knows whole-line comments (fio cuts at any ; or #), processes escapes and
 * line continuations (fio has neither), requires a closing ']' (fio drops the header's last
 * character) and cannot splice include files into the current section; so this layer is fio's
 * own few rules, kept small.
 */
final class JobFileReader {
    /** One option line as written, with its place. */
    record RawLine(String text, SourceLocation location) {
    }

    /** A section header: its name (fio's rule, 2.4) and the lines that follow it. */
    record RawSection(String name, SourceLocation location, List<RawLine> lines, List<String> problems) {
    }

    /** The file cannot be read at all, or has text before its first section. */
    static final class ReadError extends Exception {
        final SourceLocation location;

        ReadError(SourceLocation location, String message) {
            super(message);
            this.location = location;
        }
    }

    private final String file;
    private final List<String> lines;
    private int next;
    private final List<String> sectionFilter;
    private final List<ParseWarning> warnings;
    private int depth;

    JobFileReader(String file, String content, List<String> sectionFilter, List<ParseWarning> warnings) {
        this.file = file;
        this.lines = splitLines(content);
        this.sectionFilter = sectionFilter;
        this.warnings = warnings;
    }

    /** A job file larger than this is not one (e.g. /dev/zero): refused before it fills the heap. */
    static final int MAX_FILE_BYTES = 64 << 20;
    /** Includes nested deeper than this are a loop: fio recurses until it runs out of file descriptors. */
    static final int MAX_INCLUDE_DEPTH = 16;

    static String readFile(String name) throws IOException {
        if (name.equals("-")) {
            return decode(readBounded(System.in, name));
        }
        return readPath(name);
    }

    /** A file by its path ("-" included: only the command line means stdin by it). */
    static String readPath(String name) throws IOException {
        try (InputStream in = Files.newInputStream(Path.of(name))) {
            return decode(readBounded(in, name));
        }
    }

    private static byte[] readBounded(InputStream in, String name) throws IOException {
        byte[] b = in.readNBytes(MAX_FILE_BYTES + 1);
        if (b.length > MAX_FILE_BYTES) {
            throw new IOException(name + " is larger than " + (MAX_FILE_BYTES >> 20) + " MiB");
        }
        return b;
    }

    /**
     * fio reads bytes: UTF-8 text is taken as such, anything else (a Latin-1 comment) byte for
     * byte, so no charset error can refuse a file fio reads.
     */
    static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    /** Lines as fio's fgets + strlen see them: a NUL byte ends its line. */
    private static List<String> splitLines(String content) {
        List<String> out = new ArrayList<>();
        int start = 0;
        while (start < content.length()) {
            int nl = content.indexOf('\n', start);
            int end = nl < 0 ? content.length() : nl;
            int cut = start;
            while (cut < end && content.charAt(cut) != '\0') {
                cut++;
            }
            out.add(content.substring(start, cut));
            start = end + 1;
        }
        return out;
    }

    static boolean isBlankChar(char c) {
        return FioNumbers.isSpace(c) || c < 0x20 || c == 0x7f;
    }

    /** fio's strip_blank_end: cut at ';', then at '#', then drop trailing blanks and control chars. */
    static String stripEnd(String p) {
        int semi = p.indexOf(';');
        if (semi >= 0) {
            p = p.substring(0, semi);
        }
        int hash = p.indexOf('#');
        if (hash >= 0) {
            p = p.substring(0, hash);
        }
        int e = p.length();
        while (e > 1 && isBlankChar(p.charAt(e - 1))) {
            e--;
        }
        if (e == 1 && isBlankChar(p.charAt(0))) {
            e = 1;
        }
        return p.substring(0, e);
    }

    static String stripFront(String p) {
        int i = 0;
        while (i < p.length() && FioNumbers.isSpace(p.charAt(i))) {
            i++;
        }
        return p.substring(i);
    }

    static boolean isEmptyOrComment(String line) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == ';' || c == '#') {
                return true;
            }
            if (!isBlankChar(c)) {
                return false;
            }
        }
        return true;
    }

    /** The next section that the --section filter keeps, or null at the end of the file. */
    RawSection nextSection() throws ReadError {
        boolean insideSkip = false;
        while (next < lines.size()) {
            int lineNo = next + 1;
            String p = stripEnd(stripFront(lines.get(next++)));
            if (isEmptyOrComment(p)) {
                continue;
            }
            SourceLocation loc = new SourceLocation(file, lineNo);
            if (!p.startsWith("[") || p.length() < 2) {
                if (insideSkip) {
                    continue;
                }
                throw new ReadError(loc, "option <" + p + "> outside of [] job section");
            }
            String name = p.substring(1, Math.min(p.length(), 256));
            name = name.substring(0, name.length() - 1);
            if (skip(name)) {
                insideSkip = true;
                continue;
            }
            RawSection s = new RawSection(name, loc, new ArrayList<>(), new ArrayList<>());
            readOptions(s);
            return s;
        }
        return null;
    }

    private boolean skip(String name) {
        if (sectionFilter == null || sectionFilter.isEmpty() || name.startsWith("global")) {
            return false;
        }
        return !sectionFilter.contains(name);
    }

    private void readOptions(RawSection s) throws ReadError {
        while (next < lines.size()) {
            String raw = lines.get(next);
            if (isEmptyOrComment(raw)) {
                next++;
                continue;
            }
            String p = stripFront(raw);
            if (p.startsWith("[")) {
                return;
            }
            int lineNo = ++next;
            p = stripEnd(p);
            SourceLocation loc = new SourceLocation(file, lineNo);
            if (p.startsWith("include")) {
                if (!include(s, p, loc)) {
                    return; // fio ends the section's list here and carries on with the next line
                }
                continue;
            }
            s.lines().add(new RawLine(p, loc));
        }
    }

    private boolean include(RawSection s, String p, SourceLocation loc) throws ReadError {
        String name = p.length() > 8 ? p.substring(8) : "";
        String path = name;
        int slash = file.lastIndexOf('/');
        if (!Files.exists(Path.of(name.isEmpty() ? "." : name)) && slash >= 0) {
            path = file.substring(0, slash + 1) + name;
        }
        if (depth >= MAX_INCLUDE_DEPTH) {
            warnings.add(new ParseWarning(loc, "include", "includes nested more than " + MAX_INCLUDE_DEPTH
                    + " deep (an include loop?); '" + path + "' is not read, fio carries on without it"));
            return false;
        }
        String content;
        try {
            content = readPath(path);
        } catch (IOException | RuntimeException e) {
            warnings.add(new ParseWarning(loc, "include",
                    "unable to open include file '" + path + "'; fio carries on without it (exit status unchanged)"));
            s.problems().add(Files.exists(Path.of(path.isEmpty() ? "." : path)) ? "Permission denied"
                    : "No such file or directory");
            return false;
        }
        JobFileReader nested = new JobFileReader(path, content, null, warnings);
        nested.depth = depth + 1;
        while (nested.next < nested.lines.size()) {
            String raw = nested.lines.get(nested.next);
            int lineNo = ++nested.next;
            String q = stripEnd(stripFront(raw));
            if (isEmptyOrComment(q)) {
                continue;
            }
            SourceLocation nloc = new SourceLocation(path, lineNo);
            if (q.startsWith("[")) {
                warnings.add(new ParseWarning(nloc, "include", "no new sections in included files (included from "
                        + loc + "); fio ignores the rest of that file"));
                return false;
            }
            if (q.startsWith("include")) {
                if (!nested.include(s, q, nloc)) {
                    return false;
                }
                continue;
            }
            s.lines().add(new RawLine(q, nloc));
        }
        return true;
    }
}
