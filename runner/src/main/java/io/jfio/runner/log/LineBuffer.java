package io.jfio.runner.log;

import java.io.IOException;
import java.io.OutputStream;

/** An ASCII output buffer that formats numbers without creating strings (the writer thread's hot loop). */
final class LineBuffer {
    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private final byte[] digits = new byte[20];
    private int pos;

    LineBuffer(OutputStream out) {
        this.out = out;
    }

    LineBuffer num(long v) throws IOException {
        room(21);
        if (v < 0) {
            buf[pos++] = '-';
            if (v == Long.MIN_VALUE) {
                return text("9223372036854775808");
            }
            v = -v;
        }
        int d = 0;
        do {
            digits[d++] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        while (d > 0) {
            buf[pos++] = digits[--d];
        }
        return this;
    }

    /** "0x%04x". */
    LineBuffer hex4(long v) throws IOException {
        room(20);
        buf[pos++] = '0';
        buf[pos++] = 'x';
        int d = 0;
        do {
            int x = (int) (v & 0xf);
            digits[d++] = (byte) (x < 10 ? '0' + x : 'a' + x - 10);
            v >>>= 4;
        } while (v != 0);
        for (int i = d; i < 4; i++) {
            buf[pos++] = '0';
        }
        while (d > 0) {
            buf[pos++] = digits[--d];
        }
        return this;
    }

    LineBuffer sep() throws IOException {
        room(2);
        buf[pos++] = ',';
        buf[pos++] = ' ';
        return this;
    }

    LineBuffer ch(char c) throws IOException {
        room(1);
        buf[pos++] = (byte) c;
        return this;
    }

    LineBuffer text(String s) throws IOException {
        room(s.length());
        for (int i = 0; i < s.length(); i++) {
            buf[pos++] = (byte) s.charAt(i);
        }
        return this;
    }

    LineBuffer bytes(byte[] b) throws IOException {
        room(b.length);
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
        return this;
    }

    private void room(int n) throws IOException {
        if (pos + n > buf.length) {
            flush();
            if (n > buf.length) {
                throw new IOException("log field too long");
            }
        }
    }

    void flush() throws IOException {
        if (pos > 0) {
            out.write(buf, 0, pos);
            pos = 0;
        }
    }

    void close() throws IOException {
        flush();
        out.close();
    }
}
