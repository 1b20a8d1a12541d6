package io.jfio.runner.job;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * fio's exec_prerun / exec_postrun: the command runs through the shell with its stdout and stderr
 * redirected to {@code JOBNAME.prerun.txt} (or {@code .postrun.txt}) in the working directory, as
 * fio's backend.c exec_string does. A prerun that fails (non-zero exit) ends the job before any
 * I/O, without an error and without the postrun; the postrun's status is not looked at.
 */
public final class ExecHook {
    /**
     * Starts the hooks' shells. The JDK's process reaper thread is created by the thread that
     * starts a process and, as every new thread, carries its creator's OS name (comm) until it
     * names itself: started from a comm= job thread, a prerun on a loaded machine saw two threads
     * with the job's name where fio's job has one. Started from here, the reaper carries this
     * thread's name, which it set before it ran any task.
     */
    private static final ExecutorService LAUNCHER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jfio-exec");
        t.setDaemon(true);
        return t;
    });

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
            return LAUNCHER.submit(pb::start).get().waitFor() == 0;
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof IOException)) {
                throw new IllegalStateException(e.getCause());
            }
            err.println("fio: exec of cmd <" + command + " > " + file + " 2>&1> failed");
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
