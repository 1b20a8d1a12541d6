package io.jfio.runner.workload;

import java.util.function.IntConsumer;

/**
 * fio's get_next_file (io_u.c): which of a job's files the next I/O goes to under
 * file_service_type: roundrobin, sequential (each file until done), random, or a zipf / pareto /
 * gauss distribution over the files, each choice kept for file_service_type's :N I/Os.
 */
final class FileService {
    private final IoPattern.Service service;
    /** I/Os per choice (the :N postfix). */
    private final int serviceNr;
    private final Distributions serviceDist;
    private final FioRandom fileRand;
    private final int nrFiles;
    private int serviceLeft;
    private int serviceFile = -1;
    private int nextFile;

    FileService(IoPattern.Service service, int serviceNr, Distributions serviceDist, FioRandom fileRand, int nrFiles) {
        this.service = service;
        this.serviceNr = serviceNr;
        this.serviceDist = serviceDist;
        this.fileRand = fileRand;
        this.nrFiles = nrFiles;
    }

    /** A new pass (fio's clear_io_state): the current choice ends. */
    void restart() {
        serviceFile = -1;
    }

    /**
     * The next file's index, or -1 when every file is done. A file chosen for the first time in
     * the pass is marked opened and handed to {@code reset} (its offsets start over).
     */
    int next(boolean[] done, boolean[] opened, int nrDone, IntConsumer reset) {
        if (nrDone >= nrFiles) {
            return -1;
        }
        int f = serviceFile;
        if (f >= 0 && opened[f] && !done[f]) {
            if (service == IoPattern.Service.SEQUENTIAL) {
                return f;
            }
            if (serviceLeft > 0) {
                serviceLeft--;
                return f;
            }
        }
        if (service == IoPattern.Service.ROUNDROBIN || service == IoPattern.Service.SEQUENTIAL) {
            f = -1;
            for (int tries = 0; tries < nrFiles; tries++) {
                int c = nextFile;
                nextFile++;
                if (nextFile >= nrFiles) {
                    nextFile = 0;
                }
                if (!done[c]) {
                    f = c;
                    break;
                }
            }
            if (f < 0) {
                return -1;
            }
        } else {
            do {
                f = random();
            } while (done[f]);
        }
        if (!opened[f]) {
            opened[f] = true;
            reset.accept(f);
        }
        serviceFile = f;
        serviceLeft = serviceNr - 1;
        return f;
    }

    private int random() {
        if (service == IoPattern.Service.RANDOM) {
            return (int) ((double) nrFiles * fileRand.nextFraction());
        }
        return (int) (serviceDist.next() >>> 10);
    }
}
