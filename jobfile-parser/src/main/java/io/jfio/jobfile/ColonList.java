package io.jfio.jobfile;

import java.util.ArrayList;
import java.util.List;

/** fio's ':'-separated name lists (filename, directory): "\:" is a literal colon, empty names are skipped. */
public final class ColonList {
    private ColonList() {
    }

    public static List<String> split(String value) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\' && i + 1 < value.length() && value.charAt(i + 1) == ':') {
                cur.append(':');
                i++;
            } else if (c == ':') {
                if (cur.length() > 0) {
                    out.add(cur.toString());
                }
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        if (cur.length() > 0) {
            out.add(cur.toString());
        }
        return out;
    }
}
