package io.jfio.runner.workload;

import io.jfio.jobfile.options.ThreadOptions;

import java.util.function.IntConsumer;

/**
 * fio's get_next_file (io_u.c): which of a job's files the next I/O goes to under
 * file_service_type: roundrobin, sequential (each file until done), random, or a zipf / pareto /
 * gauss distribution over the files, each choice kept for file_service_type's :N I/Os.
 */
final class FileService {
    enum Service { ROUNDROBIN, SEQUENTIAL, RANDOM, ZIPF, PARETO, GAUSS }

    private final Service service;
    /** I/Os per choice (the :N postfix). */
    private final int serviceNr;
    private final Distributions serviceDist;
    private final FioRandom fileRand;
    private final int nrFiles;
    private int serviceLeft;
    private int serviceFile = -1;
    private int nextFile;
    /** Opens a file the first time the pass chooses it, or refuses (openfiles); null: all files stay open. */
    private FileOpener opener;
    /** --debug=file's lines of this job's picks; null with the type off. */
    private FileDebug dbg;

    FileService(Service service, int serviceNr, Distributions serviceDist, FioRandom fileRand, int nrFiles) {
        this.service = service;
        this.serviceNr = serviceNr;
        this.serviceDist = serviceDist;
        this.fileRand = fileRand;
        this.nrFiles = nrFiles;
    }

    /** file_service_type and its postfix; the distributions are seeded from FIO_RAND_FILE_OFF. */
    static FileService create(ThreadOptions o, int nrFiles, long[] seeds, FioRandom fileRand)
            throws WorkloadException {
        String fst = o.files().fileServiceType();
        String fstPost = o.files().fileServicePostfix();
        Service service;
        int fsNr = 1;
        double fsVal = 0;
        double fsCenter = -1;
        switch (fst) {
            case "roundrobin": service = Service.ROUNDROBIN; break;
            case "sequential": service = Service.SEQUENTIAL; break;
            case "random": service = Service.RANDOM; break;
            case "zipf": service = Service.ZIPF; fsVal = 1.1; break;
            case "pareto": service = Service.PARETO; fsVal = 0.2; break;
            case "normal": case "gauss": service = Service.GAUSS; break;
            default: throw new WorkloadException("fio: bad file service type: " + fst);
        }
        if (fstPost != null && !fstPost.isEmpty()) {
            if (service == Service.ROUNDROBIN || service == Service.SEQUENTIAL || service == Service.RANDOM) {
                fsNr = DistributionArgs.atoi(fstPost);
            } else {
                double[] vc = DistributionArgs.parseDistr(fstPost, "fio: file service type random postfix parsing failed");
                fsVal = vc[0];
                fsCenter = vc[1];
            }
        }
        boolean distributed = service == Service.ZIPF || service == Service.PARETO || service == Service.GAUSS;
        DistributionArgs.checkDistr(service, distributed, fsVal, fsCenter);
        Distributions serviceDist = null;
        if (distributed) {
            long nranges = (long) nrFiles << 10;
            long fseed = seeds[RandSeeds.SEED_FILE] & 0xFFFFFFFFL;
            serviceDist = service == Service.ZIPF ? Distributions.zipf(nranges, fsVal, fsCenter, fseed, false)
                : service == Service.PARETO ? Distributions.pareto(nranges, fsVal, fsCenter, fseed, false)
                : Distributions.gauss(nranges, fsVal, fsCenter, fseed, false);
        }
        return new FileService(service, fsNr, serviceDist, fileRand, nrFiles);
    }

    /** Files chosen by a distribution: a file that runs out starts over instead of being done. */
    boolean distributed() {
        return service == Service.ZIPF || service == Service.PARETO || service == Service.GAUSS;
    }

    /** file_service_type=random: the file generator is seeded (td_fill_rand_seeds). */
    boolean random() {
        return service == Service.RANDOM;
    }

    /** Returned by {@link #next} when the chosen file is closed and openfiles are open (fio's -EBUSY). */
    static final int BUSY = -2;

    void opener(FileOpener o) {
        opener = o;
    }

    void debug(FileDebug d) {
        dbg = d;
    }

    /** A new pass (fio's clear_io_state): the current choice ends. */
    void restart() {
        serviceFile = -1;
    }

    /**
     * The next file's index, -1 when every file is done, or {@link #BUSY}. A file chosen for the first time in
     * the pass is marked opened and handed to {@code reset} (its offsets start over).
     */
    int next(boolean[] done, boolean[] opened, int nrDone, IntConsumer reset) {
        int f = pick(done, opened, nrDone, reset);
        if (dbg != null && f != BUSY) {
            dbg.chosen(f, nrDone);
        }
        return f;
    }

    private int pick(boolean[] done, boolean[] opened, int nrDone, IntConsumer reset) {
        if (nrDone >= nrFiles) {
            return -1;
        }
        int f = serviceFile;
        if (f >= 0 && opened[f] && !done[f]) {
            if (service == Service.SEQUENTIAL) {
                return f;
            }
            if (serviceLeft > 0) {
                serviceLeft--;
                return f;
            }
        }
        if (service == Service.ROUNDROBIN || service == Service.SEQUENTIAL) {
            f = -1;
            for (int tries = 0; tries < nrFiles; tries++) {
                int c = nextFile;
                nextFile++;
                if (nextFile >= nrFiles) {
                    nextFile = 0;
                }
                if (dbg != null) {
                    dbg.trying(c);
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
                f = randomFile();
            } while (done[f]);
        }
        if (!opened[f]) {
            // the service has already moved past the file: fio's retry after -EBUSY takes the next
            if (opener != null && !opener.open(f)) {
                return BUSY;
            }
            opened[f] = true;
            reset.accept(f);
            if (dbg != null) {
                dbg.open(f);
            }
        }
        if (dbg != null) {
            if (service == Service.ROUNDROBIN || service == Service.SEQUENTIAL) {
                dbg.roundRobin(f);
            } else {
                dbg.random(f);
            }
        }
        serviceFile = f;
        serviceLeft = serviceNr - 1;
        return f;
    }

    private int randomFile() {
        if (service == Service.RANDOM) {
            return (int) ((double) nrFiles * fileRand.nextFraction());
        }
        return (int) (serviceDist.next() >>> 10);
    }
}
