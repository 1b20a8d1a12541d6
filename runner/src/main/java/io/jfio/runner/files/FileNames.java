package io.jfio.runner.files;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.FileOptions;
import io.jfio.jobfile.options.ThreadOptions;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The file names a job uses (fio's filesetup.c): filename lists, directory, filename_format. */
public final class FileNames {
    public static final String DEFAULT_FORMAT = "$jobname.$jobnum.$filenum";

    private FileNames() {
    }

    /** fio's colon list ({@code \:} a literal colon, empty names skipped); none for null. */
    private static List<String> splitColonList(String value) {
        return value == null ? List.of() : io.jfio.jobfile.ColonList.split(value);
    }

    /** A job's file paths, kept with its spec. */
    private record Names(List<String> paths) {
    }

    /**
     * All file paths of one job (one clone), in fio's order (read-only). Worked out once per job,
     * as fio does when it adds the job: the run's checks, the set-up and the disk tracker each
     * asked again, four times ~40 us interpreted for each of a 252-job run's clones.
     */
    public static List<String> forJob(JobSpec spec) {
        return spec.derived(Names.class, s -> new Names(List.copyOf(compute(s)))).paths();
    }

    private static List<String> compute(JobSpec spec) {
        FileOptions fo = ThreadOptions.of(spec).files();
        List<String> dirs = splitColonList(fo.directory());
        String filename = fo.filename();
        List<String> out = new ArrayList<>();
        if (filename != null && !filename.isEmpty()) {
            List<String> atFilename = splitColonList(fo.filenameDirectory());
            String dir = atFilename.isEmpty() ? null : atFilename.get(0);
            for (String name : splitColonList(filename)) {
                out.add(dir == null || name.equals("-") ? name : dir + "/" + name);
            }
        }
        if (fo.opendir() != null) {
            try {
                out.addAll(OpenDir.files(fo.opendir()));
            } catch (OpenDir.Failure e) {
                throw new IllegalStateException(e.getMessage(), e); // Run checks opendir before any job starts
            }
            return out;
        }
        if (filename != null && !filename.isEmpty()) {
            return out;
        }
        int nrfiles = fo.nrfiles();
        String dir = dirs.isEmpty() ? null : dirs.get(spec.cloneIndex() % dirs.size());
        if (nrfiles == 1) {
            // fio uses the job's name itself when it names an existing non-regular file (a device).
            Path own = Path.of(dir == null ? spec.name() : dir + "/" + spec.name());
            if (Files.exists(own) && !Files.isRegularFile(own)) {
                out.add(own.toString());
                return out;
            }
        }
        String format = fo.filenameFormat() == null ? DEFAULT_FORMAT : fo.filenameFormat();
        for (int i = 0; i < nrfiles; i++) {
            String name = expand(format, spec.name(), spec.cloneIndex(), i);
            out.add(dir == null ? name : dir + "/" + name);
        }
        return out;
    }

    /** Replaces $jobname, $jobnum, $filenum (case-insensitive, every occurrence). */
    public static String expand(String format, String jobName, int jobNum, int fileNum) {
        StringBuilder sb = new StringBuilder();
        String lower = format.toLowerCase(Locale.ROOT);
        int i = 0;
        while (i < format.length()) {
            if (format.charAt(i) == '$') {
                if (lower.startsWith("$jobname", i)) {
                    sb.append(jobName);
                    i += 8;
                    continue;
                } else if (lower.startsWith("$jobnum", i)) {
                    sb.append(jobNum);
                    i += 7;
                    continue;
                } else if (lower.startsWith("$filenum", i)) {
                    sb.append(fileNum);
                    i += 8;
                    continue;
                } else if (lower.startsWith("$clientuid", i)) {
                    sb.append("local");
                    i += 10;
                    continue;
                }
            }
            sb.append(format.charAt(i++));
        }
        return sb.toString();
    }
}
