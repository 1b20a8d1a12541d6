package io.jfio.jobfile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * buffer_pattern / verify_pattern parsing: fio's documented examples (lib/pattern.c) and the quirks
 * of its number parsing; {@link PatternFioIT} runs the same inputs through real fio.
 */
class PatternTest {
    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    @Test
    void fiosDocumentedExamples() {
        assertArrayEquals(hex("61 62 63 64"), Pattern.parse("\"abcd\"").bytes());
        assertArrayEquals(hex("00 fc ff ff"), Pattern.parse("-1024").bytes());
        assertArrayEquals(hex("42"), Pattern.parse("66").bytes());
        assertArrayEquals(hex("ff 01"), Pattern.parse("0xFF0X1").bytes());
        assertArrayEquals(hex("31 32 33 ff ee cc"), Pattern.parse("\"123\"0xFFeeCC").bytes());
        assertArrayEquals(hex("fe".repeat(21)), Pattern.parse("0x" + "fe".repeat(21)).bytes());
        Pattern p = Pattern.parseWithOffsets("-100xab\"1\"%o\"2\"");
        assertArrayEquals(hex("f6 ff ff ff ab 31 00 00 00 00 00 00 00 00 32"), p.bytes());
        assertArrayEquals(new int[] {6}, p.offsetPositions());
        Pattern q = Pattern.parseWithOffsets("%o0xdeadbeef%o");
        assertArrayEquals(hex("00".repeat(8) + "deadbeef" + "00".repeat(8)), q.bytes());
        assertArrayEquals(new int[] {0, 12}, q.offsetPositions());
    }

    @Test
    void numbersAsFioReadsThem() {
        assertArrayEquals(hex("0f ff"), Pattern.parse("0xFFF").bytes());
        assertArrayEquals(hex("00 01"), Pattern.parse("256").bytes());
        assertArrayEquals(hex("00"), Pattern.parse("0").bytes());
        assertArrayEquals(hex("00"), Pattern.parse("-0").bytes());
        assertArrayEquals(hex("01 02"), Pattern.parse("1 2").bytes());
        assertArrayEquals(hex("ff ff ff 7f"), Pattern.parse("2147483647").bytes());
        assertArrayEquals(hex("00 00 00 80"), Pattern.parse("-2147483648").bytes());
        assertArrayEquals(hex("05 30 78"), Pattern.parse("5\"0x\"").bytes());
        assertArrayEquals(hex("30 78 05"), Pattern.parse("\"0x\"5").bytes());
        assertEquals(0, Pattern.parse("0xdeadbeef").offsetPositions().length);
    }

    @Test
    void rejectsWhatFioRejects() {
        for (String bad : new String[] {"xyz", "0xZZ", "12345678901", "-2147483649", "\"abc", "%o", "\"ab\"  \"cd\"",
            "\"\"", "0x0x12", "'/nonexistent/jfio-pattern'", "1\"aaaaaaaaaaaaaaaaaaaaaaaaaaaa\"0x01", ""}) {
            assertThrows(IllegalArgumentException.class, () -> Pattern.parse(bad), bad);
        }
        assertThrows(IllegalArgumentException.class, () -> Pattern.parseWithOffsets("%x"));
        assertThrows(IllegalArgumentException.class, () -> Pattern.parseWithOffsets("%o".repeat(9)));
        assertEquals(8, Pattern.parseWithOffsets("%o".repeat(8)).offsetPositions().length);
    }

    @Test
    void aFileElementIsReadAtParseTime(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("p.bin");
        Files.write(f, new byte[] {1, 2, 3});
        assertArrayEquals(hex("aa 01 02 03 62"), Pattern.parse("0xaa'" + f + "'\"b\"").bytes());
    }

    @Test
    void badPatternsFailTheJobFileParse() throws JobFileException {
        JobFileException e = JobFileParserTest.failure("[j]\nrw=write\nbuffer_pattern=0xZZ\n");
        assertTrue(e.getMessage().contains("buffer_pattern=0xZZ"), e.getMessage());
        JobFileParserTest.failure("[j]\nrw=write\nbuffer_pattern=%o\n");
        JobFileParserTest.failure("[j]\nrw=write\nverify_pattern=\"abc\n");
        JobFileParserTest.only("[j]\nrw=write\nverify_pattern=%o\"abc\"\n");
    }

    @Test
    void bufferPatternTurnsTheOtherBufferOptionsAsFioDoes() throws JobFileException {
        // fio's str_buffer_pattern_cb: refill when the job (as parsed so far) reads, else not
        JobSpec w = JobFileParserTest.only("[j]\nrw=write\nbuffer_pattern=1\n");
        assertEquals(0, w.getLong("refill_buffers"));
        assertEquals(0, w.getLong("scramble_buffers"));
        JobSpec before = JobFileParserTest.only("[j]\nbuffer_pattern=1\nrw=write\n");
        assertEquals(1, before.getLong("refill_buffers"));
        JobSpec d = JobFileParserTest.only("[j]\nrw=write\ndedupe_percentage=0\n");
        assertEquals(1, d.getLong("refill_buffers"));
    }
}
