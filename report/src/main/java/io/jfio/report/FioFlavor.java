package io.jfio.report;

/**
 * Which fio release's report details to reproduce. 3.42 is the default; 3.33 (the
 * Debian 12 package) is kept because its outputs are what existing parsers were tested with.
 */
public enum FioFlavor {
    FIO_3_33,
    FIO_3_42;

    /** Picks the flavour from a version string such as "fio-3.33" or "fio-3.42-135-gf534": before 3.36 → 3.33. */
    public static FioFlavor of(String version) {
        if (version == null) {
            return FIO_3_42;
        }
        String v = version.startsWith("fio-") ? version.substring(4) : version;
        String[] p = v.split("[.-]");
        try {
            int major = Integer.parseInt(p[0]);
            int minor = p.length > 1 ? Integer.parseInt(p[1].replaceAll("\\D.*", "")) : 0;
            if (major < 3 || (major == 3 && minor < 36)) {
                return FIO_3_33;
            }
        } catch (NumberFormatException e) {
            return FIO_3_42;
        }
        return FIO_3_42;
    }
}
