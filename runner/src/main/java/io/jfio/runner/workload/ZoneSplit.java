package io.jfio.runner.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * random_distribution=zoned / zoned_abs (options.c: zone_split parsing; io_u.c:
 * __get_next_rand_offset_zoned*): per direction, the access percentage of each zone and its size
 * (a percentage of the file, or bytes for zoned_abs), as fio's 1..100 lookup table of where the
 * k-th percent of accesses go.
 */
final class ZoneSplit {
    private static final int READ = 0;

    final int[][] zoneSizePerc = new int[3][];
    final int[][] zoneSizePercPrev = new int[3][];
    final long[][] zoneSize = new long[3][];
    final long[][] zoneSizePrev = new long[3][];
    final boolean[] hasZones = new boolean[3];

    /** zoned:/zoned_abs: access%/size[%] pairs, per direction with ',' as bssplit; then the 1..100 lookup table. */
    ZoneSplit(String post, boolean absolute, long kbBase) throws WorkloadException {
        if (post == null || post.isEmpty()) {
            return;
        }
        String[] groups = post.split(",", -1);
        for (int d = 0; d < 3; d++) {
            String g;
            if (groups.length == 1) {
                g = groups[0];
            } else if (groups.length == 2) {
                g = d == READ ? groups[0] : groups[1];
            } else {
                g = groups[Math.min(d, groups.length - 1)];
            }
            parseZoneGroup(d, g, absolute, kbBase);
        }
    }

    private void parseZoneGroup(int d, String g, boolean absolute, long kbBase) throws WorkloadException {
        List<long[]> entries = new ArrayList<>();
        for (String item : g.split(":", -1)) {
            if (item.isEmpty()) {
                break;
            }
            int slash = item.indexOf('/');
            String a = slash >= 0 ? item.substring(0, slash) : item;
            long second;
            if (slash >= 0) {
                String p = item.substring(slash + 1);
                if (absolute) {
                    Long v = PostfixSize.parseSize(p, kbBase);
                    if (v == null) {
                        throw new WorkloadException("fio: split conversion failed");
                    }
                    second = v;
                } else {
                    int v = DistributionArgs.atoi(p);
                    second = v > 100 ? 100 : v == 0 ? -1 : v;
                }
            } else {
                second = absolute ? 0 : -1;
            }
            Long acc = PostfixSize.parseSize(a, kbBase);
            if (acc == null) {
                throw new WorkloadException("fio: split conversion failed");
            }
            entries.add(new long[] {acc, second});
            if (entries.size() == 256) {
                break;
            }
        }
        if (entries.isEmpty()) {
            return;
        }
        long perc = 0;
        long sperc = 0;
        int spercMissing = 0;
        for (long[] e : entries) {
            perc += e[0];
            if (!absolute) {
                if (e[1] == -1) {
                    spercMissing++;
                } else {
                    sperc += e[1];
                }
            }
        }
        if (perc > 100 || sperc > 100) {
            throw new WorkloadException("fio: zone_split percentages add to more than 100%");
        }
        if (perc < 100) {
            throw new WorkloadException("fio: access percentage don't add up to 100 for zoned random distribution (got="
                + perc + ")");
        }
        if (spercMissing != 0) {
            if (spercMissing == 1 && entries.size() == 1) {
                sperc = 100;
            }
            for (long[] e : entries) {
                if (e[1] == -1) {
                    e[1] = (100 - sperc) / spercMissing;
                }
            }
        }
        int[] sp = new int[100];
        int[] spPrev = new int[100];
        long[] sz = new long[100];
        long[] szPrev = new long[100];
        java.util.Arrays.fill(sp, -1);
        int aprev = 0;
        int sprev = 0;
        long sprevSz = 0;
        for (long[] e : entries) {
            int access = (int) e[0];
            int sizePerc = absolute ? 0 : (int) e[1];
            long sizeAbs = absolute ? e[1] : 0;
            for (int j = aprev; j < aprev + access && j < 100; j++) {
                sp[j] = sprev + sizePerc;
                spPrev[j] = sprev;
                sz[j] = sprevSz + sizeAbs;
                szPrev[j] = sprevSz;
            }
            aprev += access;
            sprev += sizePerc;
            sprevSz += sizeAbs;
        }
        zoneSizePerc[d] = sp;
        zoneSizePercPrev[d] = spPrev;
        zoneSize[d] = sz;
        zoneSizePrev[d] = szPrev;
        hasZones[d] = true;
    }

}
