package io.jfio.runner.cli;

import io.jfio.jobfile.MachineInfo;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Picks fio's client/server roles off a command line before anything else is parsed, as fio's
 * parse_cmd_line does: {@code --server} makes this process a server ({@link ServerMode}),
 * {@code --client} a client of fio servers ({@link ClientMode}); otherwise null (a local run).
 */
final class RemoteModes {
    private RemoteModes() {
    }

    static Integer dispatch(String[] args, PrintStream out, PrintStream err, Map<String, String> env,
                            MachineInfo machine) {
        String server = null;
        boolean serverSeen = false;
        String pidFile = null;
        List<String> clients = new ArrayList<>();
        for (String a : args) {
            if (a.equals("--server")) {
                serverSeen = true;
            } else if (a.startsWith("--server=")) {
                serverSeen = true;
                server = a.substring("--server=".length());
            } else if (a.startsWith("--daemonize=")) {
                pidFile = a.substring("--daemonize=".length());
            } else if (a.startsWith("--client=")) {
                clients.add(a.substring("--client=".length()));
            } else if (a.equals("--")) {
                break;
            }
        }
        if (serverSeen && !clients.isEmpty()) {
            err.println("fio: --server and --client are exclusive");
            return 1;
        }
        if (serverSeen || !clients.isEmpty()) {
            for (String a : args) {
                if (a.startsWith("--debug=")) {
                    // fio's client.c/server.c print the protocol's ops (--debug=net), which follow the
                    // status polling's timing; jfio's client and server print no debug lines at all
                    err.println("fio: warning: " + a + " prints no lines in jfio's client/server modes");
                }
            }
        }
        if (serverSeen) {
            return ServerMode.run(server, pidFile, args, err, env, machine);
        }
        if (!clients.isEmpty()) {
            return ClientMode.run(args, out, err);
        }
        return null;
    }
}
