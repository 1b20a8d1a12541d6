package io.jfio.runner.files;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.AccessDeniedException;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * opendir=DIR: the job's files are every regular file below DIR, in directory (readdir) order,
 * subdirectories walked where they come, links and other types skipped, as fio's recurse_dir.
 * fio adds them while it parses the job, so a directory it cannot open fails the parse.
 */
public final class OpenDir {
    /** Where fio 3.42 reports an opendir failure (filesetup.c's recurse_dir). */
    private static final String ERROR_FILE = "filesetup.c:2057";

    private OpenDir() {
    }

    /** A directory that could not be read: fio's error line for it. */
    public static final class Failure extends Exception {
        Failure(String line) {
            super(line);
        }
    }

    /** The regular files under {@code dir}, each as dir/name (fio's full_path). */
    public static List<String> files(String dir) throws Failure {
        List<String> out = new ArrayList<>();
        walk(dir, out);
        return out;
    }

    /** fio's lines for the job's opendir: the count added, or the failure (with fio's exit 1). */
    public static String addedLine(int count) {
        return "fio: opendir added " + count + " files";
    }

    private static void walk(String dir, List<String> out) throws Failure {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(Path.of(dir))) {
            for (Path p : entries) {
                String full = dir + "/" + p.getFileName();
                BasicFileAttributes a;
                try {
                    a = Files.readAttributes(Path.of(full), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                } catch (NoSuchFileException gone) {
                    continue;
                }
                if (a.isRegularFile()) {
                    out.add(full);
                } else if (a.isDirectory()) {
                    walk(full, out);
                }
            }
        } catch (NoSuchFileException e) {
            throw failure(dir, "No such file or directory");
        } catch (NotDirectoryException e) {
            throw failure(dir, "Not a directory");
        } catch (AccessDeniedException e) {
            throw failure(dir, "Permission denied");
        } catch (IOException e) {
            throw failure(dir, "Input/output error");
        }
    }

    private static Failure failure(String dir, String error) {
        return new Failure("fio: file:" + ERROR_FILE + ", func=opendir(" + dir + "), error=" + error);
    }
}
