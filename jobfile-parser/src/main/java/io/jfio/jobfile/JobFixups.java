package io.jfio.jobfile;

import java.util.List;

/**
 * fio's fix-ups and cross-checks when a job is added for a run (init.c: fixup_options; not done for
 * --parse-only / --showcmd): derived values (min_bs/max_bs per direction, blockalign, batch sizes,
 * overwrite for readers, ...) and the errors and warnings fio prints there. Warnings become errors
 * with --warnings-fatal, as in fio.
 */
final class JobFixups {
    private final List<ParseWarning> warnings;
    private final boolean warningsFatal;
    /** fio's stdout while parsing, for the notices fixup_options prints with log_info. */
    private final StringBuilder stdout;

    JobFixups(List<ParseWarning> warnings, boolean warningsFatal, StringBuilder stdout) {
        this.warnings = warnings;
        this.warningsFatal = warningsFatal;
        this.stdout = stdout;
    }

    void apply(DraftJob st) throws JobFileException {
        if (FioDebug.on(FioDebug.Type.VERIFY)) {
            // fixup_options' first line: whether the job verifies its trims
            String verify = st.string("verify");
            boolean trimVerify = verify != null && !verify.equals("0") && !verify.equals("none")
                    && st.longValue("trim_backlog", 0) != 0 && st.longValue("trim_percentage", 0) != 0;
            FioDebug.line(FioDebug.Type.VERIFY, "td->trim_verify=" + (trimVerify ? 1 : 0));
        }
        String rw = st.string("rw");
        boolean reads = rw.contains("read") || rw.equals("rw") || rw.equals("randrw");
        boolean writes = rw.contains("write") || rw.equals("rw") || rw.equals("randrw");
        boolean trims = rw.contains("trim");
        boolean random = rw.startsWith("rand");

        String zonemode = st.string("zonemode");
        long zonesize = st.longValue("zonesize", 0);
        if ("none".equals(zonemode) && st.locations.containsKey("zonemode") && zonesize != 0) {
            error(st, "zonemode", "--zonemode=none and --zonesize are not compatible.");
        }
        if ("zbd".equals(zonemode) && st.longValue("create_serialize", 1) == 0) {
            error(st, "zonemode", "--zonemode=zbd and --create_serialize=0 are not compatible.");
        }
        if ("zbd".equals(zonemode) && st.longValue("write_zone_remainder", 0) != 0) {
            // fio's fixup_options: zone tails are written at the write pointer, so no random map
            if (!st.locations.containsKey("norandommap")) {
                st.values.put("norandommap", 1L);
            } else if (st.longValue("norandommap", 0) == 0) {
                error(st, "write_zone_remainder", "write_zone_remainder=1 requires norandommap=1");
            }
        }
        if ("strided".equals(zonemode) && zonesize == 0) {
            error(st, "zonemode", "--zonesize must be specified when using --zonemode=strided.");
        }
        if (!st.locations.containsKey("zonemode") && zonesize != 0) {
            st.values.put("zonemode", "strided");
        }
        if ("strided".equals(st.string("zonemode")) && st.longValue("zonerange", 0) == 0) {
            st.values.put("zonerange", zonesize);
        }

        sprandom(st, writes && random);

        if (reads) {
            st.values.put("overwrite", 1L);
        }

        long[] bs = st.slots("bs", 3);
        long[] minBs = bs.clone();
        long[] maxBs = bs.clone();
        if (st.locations.containsKey("bsrange")) {
            SizeRange[] r = st.ranges("bsrange");
            for (int d = 0; d < 3; d++) {
                if (r[d] != null && r[d].low() != 0) {
                    minBs[d] = r[d].low();
                    maxBs[d] = r[d].high();
                }
            }
        }
        if (st.values.get("bssplit") instanceof List<?>[] split) {
            for (int d = 0; d < 3; d++) {
                long lo = Long.MAX_VALUE;
                long hi = 0;
                for (Object e : split[d] == null ? List.of() : split[d]) {
                    long b = ((BsSplitEntry) e).blockSize();
                    lo = Math.min(lo, b);
                    hi = Math.max(hi, b);
                }
                if (hi != 0) {
                    minBs[d] = lo;
                    maxBs[d] = hi;
                }
            }
        }
        st.values.put("min_bs", minBs);
        st.values.put("max_bs", maxBs);

        long[] ba = st.slots("ba", 3);
        for (int d = 0; d < 3; d++) {
            if (ba[d] == 0 || !random) {
                ba[d] = minBs[d];
            }
        }
        boolean norandommap = st.longValue("norandommap", 0) != 0;
        if ((ba[0] != minBs[0] || ba[1] != minBs[1] || ba[2] != minBs[2]) && !norandommap) {
            warn(st, "ba", "fio: Any use of blockalign= turns off randommap");
            st.values.put("norandommap", 1L);
            norandommap = true;
        }

        if (st.values.get("filesize") instanceof SizeRange fs && fs.high() == 0) {
            st.values.put("filesize", new SizeRange(fs.low(), fs.low()));
        }
        boolean variableBs = minBs[0] != maxBs[0] || minBs[1] != maxBs[1] || minBs[2] != maxBs[2];
        String verify = st.string("verify");
        boolean verifying = verify != null && !verify.equals("0");
        if (norandommap && verifying && variableBs) {
            warn(st, "norandommap", "fio: norandommap given for variable block sizes, verify limited");
        }

        long thinktime = st.longValue("thinktime", 0);
        if (st.longValue("thinktime_spin", 0) > thinktime) {
            st.values.put("thinktime_spin", thinktime);
        }
        long iodepth = st.longValue("iodepth", 1);
        long low = st.longValue("iodepth_low", 0);
        if (low > iodepth || low == 0) {
            st.values.put("iodepth_low", iodepth);
        }
        long batch = st.longValue("iodepth_batch", 0);
        if (batch > iodepth || batch == 0) {
            st.values.put("iodepth_batch", iodepth);
        }
        long cmin = st.longValue("iodepth_batch_complete_min", 1);
        if (cmin > st.longValue("iodepth_batch_complete_max", 0)) {
            st.values.put("iodepth_batch_complete_max", cmin);
        }
        long nrfiles = st.longValue("nrfiles", 1);
        String filename = st.string("filename");
        if (filename != null) {
            nrfiles = ColonList.split(filename).size();
            st.values.put("nrfiles", nrfiles);
        }
        long open = st.longValue("openfiles", 0);
        // opendir's files are counted when the runner lists them (FileOptions defaults openfiles to all)
        if (st.string("opendir") == null && (open > nrfiles || open == 0)) {
            st.values.put("openfiles", nrfiles);
        }

        long[] rate = st.slots("rate", 3);
        long[] rateIops = st.slots("rate_iops", 3);
        long[] rateMin = st.slots("rate_min", 3);
        long[] rateIopsMin = st.slots("rate_iops_min", 3);
        if ((sum(rate) != 0 && sum(rateIops) != 0) || (sum(rateMin) != 0 && sum(rateIopsMin) != 0)) {
            error(st, "rate", "fio: rate and rate_iops are mutually exclusive");
        }
        for (int d = 0; d < 3; d++) {
            if ((rate[d] != 0 && Long.compareUnsigned(rate[d], rateMin[d]) < 0)
                    || (rateIops[d] != 0 && rateIops[d] < rateIopsMin[d])) {
                error(st, "rate_min", "fio: minimum rate exceeds rate, ddir " + d);
            }
        }

        if (st.longValue("runtime", 0) == 0 && st.longValue("time_based", 0) != 0) {
            warn(st, "time_based", "fio: time_based requires a runtime/timeout setting; time_based is switched off");
            st.values.put("time_based", 0L);
        }
        if (st.longValue("fill_device", 0) != 0 && st.longValue("size", 0) == 0) {
            st.values.put("size", -1L);
        }
        if (verifying) {
            boolean uniqueNames = st.longValue("unique_filename", 1) != 0;
            String fmt = st.string("filename_format");
            if (writes && st.longValue("do_verify", 1) != 0 && st.longValue("numjobs", 1) > 1
                    && (filename != null || !(uniqueNames && fmt.contains("$jobname") && fmt.contains("$jobnum")
                    && fmt.contains("$filenum")))) {
                warn(st, "verify", "fio: multiple writers may overwrite blocks that belong to other jobs."
                        + " This can cause verification failures.");
            }
            if (writes && st.longValue("do_verify", 1) != 0 && st.longValue("runtime", 0) != 0
                    && st.longValue("time_based", 0) != 0 && !reads && st.longValue("verify_backlog", 0) == 0) {
                warn(st, "verify", "fio: verification read phase will never start because write phase uses all"
                        + " of runtime");
            }
            // fio's fixup_options turns refill_buffers on here, but add_job has already derived
            // the job's flags (init_flags) from it, so the job itself never refills; only its
            // numjobs clones, whose add_job starts from this fixed-up copy, do (BufferContent)
            long vi = st.longValue("verify_interval", 0);
            if (maxBs[1] != minBs[1] && vi == 0) {
                vi = minBs[1];
            }
            if (vi > minBs[1]) {
                vi = minBs[1];
            } else if (reads && vi > minBs[0]) {
                vi = minBs[0];
            }
            if (vi == 0 || minBs[1] % vi != 0 || maxBs[1] % vi != 0) {
                vi = gcd(minBs[1], maxBs[1]);
            }
            st.values.put("verify_interval", vi);
            // sizeof(struct verify_header): 48 bytes with its C padding
            if (st.longValue("verify_offset", 0) + 48 > vi) {
                error(st, "verify_offset", "fio: cannot offset verify header beyond the verify interval.");
            }
        }
        if (st.longValue("pre_read", 0) != 0) {
            st.values.put("invalidate", 0L);
        }
        long compress = st.longValue("buffer_compress_percentage", 0);
        if (compress == 100) {
            st.values.put("zero_buffers", 1L);
            st.values.put("buffer_compress_percentage", 0L);
        } else if (compress != 0 && !st.locations.containsKey("refill_buffers")) {
            st.values.put("refill_buffers", 1L);
        }
        long dedupe = st.longValue("dedupe_percentage", 0);
        if (dedupe != 0 && "working_set".equals(st.string("dedupe_mode"))) {
            // fio's fixup_options: the working set is drawn up front from size, for one file
            long ws = st.longValue("dedupe_working_set_percentage", 5);
            if (!st.locations.containsKey("size")) {
                error(st, "dedupe_mode", "fio: pregenerated dedupe working set requires size to be set");
            } else if (st.longValue("nrfiles", 1) != 1) {
                error(st, "dedupe_mode", "fio: dedupe working set mode supported with single file per job, but "
                        + st.longValue("nrfiles", 1) + " files provided");
            } else if (ws + dedupe > 100) {
                error(st, "dedupe_working_set_percentage", "fio: impossible to reach expected dedupe percentage "
                        + dedupe + " since " + ws + " percentage of size is reserved to dedupe working set"
                        + " (those are unique pages)");
            }
        }
        if (!"random".equals(st.string("random_distribution"))) {
            st.values.put("norandommap", 1L);
        }
        long size = st.longValue("size", 0);
        long minUsed = Long.MAX_VALUE;
        if (reads) {
            minUsed = Math.min(minUsed, minBs[0]);
        }
        if (writes) {
            minUsed = Math.min(minUsed, minBs[1]);
        }
        if (trims) {
            minUsed = Math.min(minUsed, minBs[2]);
        }
        if (size != 0 && !FioNumbers.isPercent(size) && !FioNumbers.isZones(size) && minUsed != Long.MAX_VALUE
                && Long.compareUnsigned(size, minUsed) < 0) {
            error(st, "size", "fio: size too small, must not be less than minimum block size: "
                    + Long.toUnsignedString(size) + " < " + minUsed);
        }
        if (st.locations.containsKey("randseed")) {
            st.values.put("randrepeat", 0L);
        }
        if (st.longValue("loops", 1) == 0) {
            st.values.put("loops", 1L);
        }
    }

    /**
     * sprandom needs a random write job with the LFSR and no random map: fio sets both when they
     * were not given (saying so on stdout) and refuses the job when they were given otherwise.
     */
    private void sprandom(DraftJob st, boolean randomWrite) throws JobFileException {
        if (st.longValue("sprandom", 0) == 0) {
            return;
        }
        if (!randomWrite) {
            error(st, "sprandom", "fio: sprandom requires random write, random_generator=lfsr, norandommap=1");
        }
        // fio checks both and prints a line for each refusal before it drops the job
        String refused = null;
        String message = "";
        if (st.locations.containsKey("random_generator")) {
            if (!"lfsr".equals(st.string("random_generator"))) {
                refused = "random_generator";
                message = "fio: sprandom requires random_generator=lfsr";
            }
        } else {
            stdout.append("fio: sprandom sets random_generator=lfsr\n");
            st.values.put("random_generator", "lfsr");
        }
        if (st.locations.containsKey("norandommap")) {
            if (st.longValue("norandommap", 0) == 0) {
                refused = refused == null ? "norandommap" : refused;
                message += (message.isEmpty() ? "" : "\n") + "fio: sprandom requires norandommap=1";
            }
        } else {
            stdout.append("fio: sprandom sets norandommap=1\n");
            st.values.put("norandommap", 1L);
        }
        if (refused != null) {
            error(st, refused, message);
        }
    }

    private static long sum(long[] a) {
        return a[0] + a[1] + a[2];
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    private SourceLocation where(DraftJob st, String option) {
        SourceLocation l = st.locations.get(option);
        return l != null ? l : st.locations.getOrDefault("name", SourceLocation.DEFAULT);
    }

    private void warn(DraftJob st, String option, String message) throws JobFileException {
        String text = "job " + st.string("name") + ": " + message;
        if (warningsFatal) {
            throw new JobFileException(where(st, option), option, text + " (fatal: --warnings-fatal)", 1, null);
        }
        warnings.add(new ParseWarning(where(st, option), option, text));
    }

    private void error(DraftJob st, String option, String message) throws JobFileException {
        throw new JobFileException(where(st, option), option, "job " + st.string("name") + ": " + message, 1, null);
    }
}
