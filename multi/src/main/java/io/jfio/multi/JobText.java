package io.jfio.multi;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Option overrides applied to a job file's text: each override is appended as the last line of
 * every job section, so it wins over the section's own value and over [global] (later lines
 * take effect last, as in fio). That is how a target replaces filename= and how the API's
 * set() overrides an option, with the parser's own rules and the option shown in the JSON
 * "job options" as if typed. filename= is the exception: in fio a later filename= adds to the
 * files a job has (its section's and [global]'s), so an overridden filename also drops the job
 * file's own filename= lines, or the job would do I/O on both.
 */
public final class JobText {
    private JobText() {
    }

    public static String withOverrides(String content, List<Map.Entry<String, String>> overrides) {
        if (overrides.isEmpty()) {
            return content;
        }
        boolean dropFilenames = overrides.stream().anyMatch(o -> isFilename(o.getKey()));
        StringBuilder b = new StringBuilder(content.length() + 64);
        boolean inJob = false;
        String[] lines = content.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String t = line.strip();
            if (t.startsWith("[") && t.contains("]")) {
                if (inJob) {
                    append(b, overrides);
                }
                String name = t.substring(1, t.indexOf(']')).strip().toLowerCase(Locale.ROOT);
                inJob = !name.equals("global");
            }
            if (dropFilenames && t.indexOf('=') > 0 && isFilename(t.substring(0, t.indexOf('=')))) {
                continue;
            }
            b.append(line);
            if (i < lines.length - 1) {
                b.append('\n');
            }
        }
        if (inJob) {
            if (b.length() > 0 && b.charAt(b.length() - 1) != '\n') {
                b.append('\n');
            }
            append(b, overrides);
        }
        return b.toString();
    }

    private static boolean isFilename(String key) {
        return key.strip().equalsIgnoreCase("filename");
    }

    private static void append(StringBuilder b, List<Map.Entry<String, String>> overrides) {
        for (Map.Entry<String, String> o : overrides) {
            b.append(o.getKey());
            if (o.getValue() != null) {
                b.append('=').append(o.getValue());
            }
            b.append('\n');
        }
    }
}
