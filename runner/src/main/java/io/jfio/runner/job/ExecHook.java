package io.jfio.runner.job;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;

/**
 * fio's exec_prerun / exec_postrun: the command runs through the shell with its stdout and stderr
 * redirected to {@code JOBNAME.prerun.txt} (or {@code .postrun.txt}) in the working directory, as
 * fio's backend.c exec_string does. A prerun that fails (non-zero exit) ends the job before any
 * I/O, without an error and without the postrun; the postrun's status is not looked at.
 */
public final class ExecHook {
    private ExecHook() {
    }

    /**
     * Runs {@code command} for job {@code name}; {@code mode} is "prerun" or "postrun".
     *
     * @param dir the working directory (null: the process's own)
     * @return true when the shell exited with status 0
     */
    public static boolean run(String command, String name, String mode, File dir, PrintStream out,
                              PrintStream err) {
        String file = name + "." + mode + ".txt";
        out.println(name + " : Saving output of " + mode + " in " + file);
        // the job name goes into the shell line unquoted, as fio's does
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", command + " > " + file + " 2>&1")
                .redirectInput(ProcessBuilder.Redirect.INHERIT)
                .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        if (dir != null) {
            pb.directory(dir);
        }
        try {
            return pb.start().waitFor() == 0;
        } catch (IOException e) {
            err.println("fio: exec of cmd <" + command + " > " + file + " 2>&1> failed");
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
