package io.jfio.engine.exec;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;
import io.jfio.engine.IoUnit;
import io.jfio.engine.NoIoEngine;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.Errno;

/**
 * fio's exec engine (engines/exec.c): runs {@code program arguments} beside the other jobs, for
 * the job's runtime. The first "I/O" starts it (%r in the arguments becomes the runtime in
 * seconds, %n the job name; with std_redirect its output goes to NAME.stdout / NAME.stderr);
 * every later one waits 50 ms and, once the runtime is over, sends SIGTERM and waits grace_time
 * seconds. The job thinks 50 ms between them, and the program gets SIGKILL at cleanup.
 */
public final class ExecEngine implements NoIoEngine {
    private static final long POLL_USEC = 50_000;

    static final List<EngineOption> OPTIONS = List.of(
        EngineOption.string("program", null, "Program to execute"),
        EngineOption.string("arguments", null, "Arguments to pass"),
        EngineOption.integer("grace_time", "1", 0, 0, "Grace time before sending a SIGKILL"),
        new EngineOption("std_redirect", EngineOption.Type.BOOL, "1", "Redirect stdout & stderr to files",
            List.of(), 0, 1));

    private String jobName;
    private String program;
    private String arguments;
    private long graceSeconds;
    private boolean redirect;
    private long runtimeUsec;
    private long startNanos;
    private PrintStream info;
    private Process process;
    private boolean terminated;

    @Override
    public String name() {
        return "exec";
    }

    @Override
    public List<EngineOption> options() {
        return OPTIONS;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        EngineOptions eo = parseOptions(ctx);
        program = eo.getString("program");
        arguments = eo.getString("arguments");
        graceSeconds = eo.getLong("grace_time") & 0xffffffffL;
        redirect = eo.getBool("std_redirect");
        if (program == null) {
            throw new EngineException(Errno.EINVAL, "exec", "no program is defined, it is mandatory to define one");
        }
        jobName = ctx.jobName();
        runtimeUsec = ctx.runtimeMicros();
        info = ctx.logOut(); // fio's log_info lines: in every output format, before the report
        startNanos = System.nanoTime();
        log(jobName + " : program=" + program + ", arguments=" + orNull(arguments));
    }

    private static String orNull(String s) {
        return s == null ? "(null)" : s;
    }

    private void log(String line) {
        if (info != null) {
            info.println(line);
            info.flush();
        }
    }

    /** %r: the runtime in whole seconds; %n: the job name (fio's expand_variables). */
    String expandedArguments() {
        if (arguments == null) {
            return null;
        }
        return arguments.replace("%r", Long.toString(runtimeUsec / 1_000_000L)).replace("%n", jobName);
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        if (process == null && !terminated) {
            start(u);
        } else {
            LockSupport.parkNanos(POLL_USEC * 1000L);
            if (!terminated && (System.nanoTime() - startNanos) / 1000L > runtimeUsec) {
                terminated = true;
                if (process != null) {
                    process.destroy(); // SIGTERM
                }
                LockSupport.parkNanos(graceSeconds * 1_000_000_000L);
            }
        }
        u.complete(0);
        return QueueStatus.COMPLETED;
    }

    private void start(IoUnit u) {
        String args = expandedArguments();
        String out = jobName + ".stdout";
        String err = jobName + ".stderr";
        if (redirect) {
            log(jobName + " : Saving output of " + program + " " + orNull(args) + " : stdout=" + out + " stderr=" + err);
        } else {
            log(jobName + " : Running " + program + " " + orNull(args));
        }
        List<String> argv = new ArrayList<>();
        for (String w : ((args == null ? program : program + " " + args)).split(" ")) {
            if (!w.isEmpty()) {
                argv.add(w);
            }
        }
        ProcessBuilder pb = new ProcessBuilder(argv);
        if (redirect) {
            pb.redirectOutput(new File(out)).redirectError(new File(err));
        } else {
            pb.inheritIO();
        }
        try {
            process = pb.start();
        } catch (IOException e) {
            // fio's child fails execvp and exits; the job itself goes on. The failure is the
            // child's: with std_redirect it lands in the job's .stderr file, not on fio's output.
            terminated = true;
            String line = "fio: exec of " + argv.get(0) + " failed: " + e.getMessage() + System.lineSeparator();
            if (redirect) {
                try {
                    java.nio.file.Files.writeString(java.nio.file.Path.of(err), line);
                } catch (IOException notWritten) {
                    // the job's directory cannot take the file: the failure has nowhere to go, as in fio
                }
            } else if (info != null) {
                info.print(line);
            }
        }
    }

    @Override
    public long thinkTimeUsec() {
        return POLL_USEC;
    }

    @Override
    public boolean finished() {
        return false;
    }

    @Override
    public void cleanup() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly(); // SIGKILL
        }
        process = null;
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("runs a program for the job's runtime", ExecEngine::new);
        }
    }
}
