package io.jfio.runner.workload;

/**
 * The postfix of random_distribution and file_service_type (options.c: str_random_distribution_cb,
 * str_fst_cb): a number (:N I/Os per file), or a distribution's parameter with an optional
 * center, checked against the ranges fio accepts.
 */
final class DistributionArgs {
    private DistributionArgs() {
    }

    static int atoi(String s) {
        int i = 0;
        String t = s.trim();
        int v = 0;
        boolean neg = false;
        if (i < t.length() && (t.charAt(i) == '-' || t.charAt(i) == '+')) {
            neg = t.charAt(i) == '-';
            i++;
        }
        while (i < t.length() && Character.isDigit(t.charAt(i))) {
            v = v * 10 + (t.charAt(i) - '0');
            i++;
        }
        return neg ? -v : v;
    }

    static double[] parseDistr(String s, String error) throws WorkloadException {
        try {
            int c = s.indexOf(':');
            double center = -1;
            if (c >= 0) {
                center = Double.parseDouble(s.substring(c + 1).trim());
                s = s.substring(0, c);
            }
            return new double[] {Double.parseDouble(s.trim()), center};
        } catch (NumberFormatException e) {
            throw new WorkloadException(error);
        }
    }

    static void checkDistr(FileService.Service kind, boolean active, double val, double center) throws WorkloadException {
        if (!active) {
            return;
        }
        if (center != -1 && (center < 0.0 || center > 1.0)) {
            throw new WorkloadException("fio: distribution center out of range (0 <= center <= 1.0)");
        }
        if (kind == FileService.Service.ZIPF && val == 1.0) {
            throw new WorkloadException("fio: zipf theta must different than 1.0");
        }
        if (kind == FileService.Service.PARETO && (val <= 0.0 || val >= 1.0)) {
            throw new WorkloadException("fio: pareto input out of range (0 < input < 1.0)");
        }
        if (kind == FileService.Service.GAUSS && (val < 0.0 || val >= 100.0)) {
            throw new WorkloadException("fio: normal deviation out of range (0 <= input < 100.0)");
        }
    }
}
