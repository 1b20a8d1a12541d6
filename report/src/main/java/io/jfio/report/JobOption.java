package io.jfio.report;

/**
 * One option as echoed in JSON "global options" / "job options": canonical name and the value
 * as typed. {@code value} is "" for options given without a value (fio 3.33 omits those).
 */
public record JobOption(String name, String value) {
    public JobOption {
        if (value == null) {
            value = "";
        }
    }
}
