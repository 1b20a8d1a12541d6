package io.jfio.runner.cli;

import java.io.PrintStream;

/** {@code jfio --client=host[,port] job.fio}: drives fio 3.42 servers. */
final class ClientMode {
    private ClientMode() {
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        err.println("fio: --client is not implemented by jfio yet");
        return 1;
    }
}
