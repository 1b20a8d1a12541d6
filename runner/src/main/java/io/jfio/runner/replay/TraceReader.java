package io.jfio.runner.replay;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads fio's version 2 and 3 iologs line by line from bytes, without creating objects per line
 * (read_iolog_chunked reads on the job thread): "[usec] file action [offset length]", the fields
 * as fio's read_iolog scans them. After {@link #next()} the fields of the line are in public
 * fields; file names are matched against the known names (add lines append to them).
 */
final class TraceReader extends TraceInput {
    static final String V2 = "fio version 2 iolog";
    static final String V3 = "fio version 3 iolog";
    static final int READ = 0;
    static final int WRITE = 1;
    static final int TRIM = 2;
    static final int SYNC = 3;
    static final int DATASYNC = 4;
    static final int WAIT = 6;
    static final int ADD = 10;
    static final int OPEN = 11;
    static final int CLOSE = 12;
    /** A line fio reports as bad and skips. */
    static final int BAD = -1;

    private final InputStream in;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int lim;
    private final byte[] line = new byte[4096];
    private int lineLen;
    final int version;
    private final byte[] redirect;
    /** Set for a line fio would complain about; the reason is {@link #badLine()}. */
    private boolean bad;

    /** Opens the log and checks its version line; fio refuses version 1 and anything else. */
    TraceReader(InputStream in, String redirect) throws IOException {
        this.in = in;
        this.redirect = redirect == null ? null : redirect.getBytes(StandardCharsets.UTF_8);
        if (!readLine()) {
            throw new IOException("fio: unable to read iolog");
        }
        String first = new String(line, 0, lineLen, StandardCharsets.UTF_8);
        if (first.startsWith(V2)) {
            version = 2;
        } else if (first.startsWith(V3)) {
            version = 3;
        } else {
            throw new IOException("fio: iolog version 1 is no longer supported");
        }
    }

    @Override
    int version() {
        return version;
    }

    @Override
    String badLine() {
        return bad ? new String(line, 0, lineLen, StandardCharsets.UTF_8) : null;
    }

    @Override
    boolean next() throws IOException {
        if (!readLine()) {
            return false;
        }
        bad = false;
        int p = 0;
        int fields = 0;
        ttime = 0;
        offset = 0;
        length = 0;
        action = BAD;
        int nameStart = 0;
        int nameLen = 0;
        int actStart = 0;
        int actLen = 0;
        int need = version == 3 ? 5 : 4;
        for (int f = 0; f < need; f++) {
            while (p < lineLen && isSpace(line[p])) {
                p++;
            }
            int s = p;
            while (p < lineLen && !isSpace(line[p])) {
                p++;
            }
            if (p == s) {
                break;
            }
            int field = version == 3 ? f : f + 1;
            if (field == 0 || field == 3 || field == 4) {
                long v = number(s, p);
                if (v < 0) {
                    break;
                }
                if (field == 0) {
                    ttime = v;
                } else if (field == 3) {
                    offset = v;
                } else {
                    length = v;
                }
            } else if (field == 1) {
                nameStart = s;
                nameLen = p - s;
            } else {
                actStart = s;
                actLen = p - s;
            }
            fields++;
        }
        boolean io = fields == need;
        boolean fileAct = fields == need - 2;
        if (io) {
            action = word(actStart, actLen, IO_WORDS, IO_CODES);
        } else if (fileAct) {
            action = word(actStart, actLen, FILE_WORDS, FILE_CODES);
        }
        if (action == BAD) {
            bad = true;
            return true;
        }
        file = fileIndex(nameStart, nameLen, action == ADD);
        if (file < 0) {
            bad = true;
            action = BAD;
        }
        return true;
    }

    private static final byte[][] IO_WORDS = words("read", "write", "trim", "sync", "datasync", "wait");
    private static final int[] IO_CODES = {READ, WRITE, TRIM, SYNC, DATASYNC, WAIT};
    private static final byte[][] FILE_WORDS = words("add", "open", "close");
    private static final int[] FILE_CODES = {ADD, OPEN, CLOSE};

    private static byte[][] words(String... w) {
        byte[][] b = new byte[w.length][];
        for (int i = 0; i < w.length; i++) {
            b[i] = w[i].getBytes(StandardCharsets.US_ASCII);
        }
        return b;
    }

    private int word(int start, int len, byte[][] words, int[] codes) {
        for (int i = 0; i < words.length; i++) {
            if (words[i].length == len && java.util.Arrays.equals(words[i], 0, len, line, start, start + len)) {
                return codes[i];
            }
        }
        return BAD;
    }

    private int fileIndex(int start, int len, boolean add) {
        if (redirect != null) {
            if (names.isEmpty()) {
                names.add(redirect);
            }
            return 0;
        }
        for (int i = 0; i < names.size(); i++) {
            byte[] n = names.get(i);
            if (n.length == len && java.util.Arrays.equals(n, 0, len, line, start, start + len)) {
                return i;
            }
        }
        if (add) {
            names.add(java.util.Arrays.copyOfRange(line, start, start + len));
            return names.size() - 1;
        }
        return -1;
    }

    private long number(int s, int e) {
        long v = 0;
        for (int i = s; i < e; i++) {
            int c = line[i] - '0';
            if (c < 0 || c > 9) {
                return i == s ? -1 : v;
            }
            v = v * 10 + c;
        }
        return v;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n';
    }

    private boolean readLine() throws IOException {
        lineLen = 0;
        boolean any = false;
        while (true) {
            if (pos == lim) {
                lim = in.read(buf, 0, buf.length);
                pos = 0;
                if (lim <= 0) {
                    lim = 0;
                    return any;
                }
            }
            any = true;
            byte b = buf[pos++];
            if (b == '\n') {
                return true;
            }
            if (lineLen < line.length) {
                line[lineLen++] = b;
            }
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
