package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ReportOptionsTest {
    @Test
    void percentileListSortsStopsAtZeroAndKeepsTypedPrecision() {
        ReportOptions o = new ReportOptions();
        assertEquals(2, o.percentilePrecision());
        assertEquals(17, o.percentiles().length);
        o.apply("percentile_list", "50:99:90");
        assertArrayEquals(new double[] {50, 90, 99}, o.percentiles());
        assertEquals(0, o.percentilePrecision());
        o.apply("percentile_list", "1:10:25:33.333:0:99");
        assertArrayEquals(new double[] {1, 10, 25, 33.333}, o.percentiles());
        assertEquals(3, o.percentilePrecision());
        o.setPercentiles(new double[] {99.9, 50}, 2);
        assertArrayEquals(new double[] {50, 99.9}, o.percentiles());
        assertEquals(2, o.percentilePrecision());
        assertEquals("50.00:99.90", o.percentileListText());
    }

    @Test
    void unitsAndModes() {
        ReportOptions o = new ReportOptions();
        assertEquals(Num2Str.BYTEPERSEC, o.bandwidthUnit());
        o.apply("unit_base", "1");
        assertEquals(Num2Str.BITPERSEC, o.bandwidthUnit());
        o.apply("kb_base", "1000");
        assertEquals(false, o.kbBaseIsPow2());
        o.apply("unified_rw_reporting", "both");
        assertEquals(ReportOptions.UNIFIED_BOTH, o.unified);
        o.apply("group_reporting", "");
        assertEquals(true, o.groupReporting);
        o.apply("continue_on_error", "none");
        assertEquals(false, o.continueOnError);
    }

    @Test
    void fioFlavorFollowsTheVersionString() {
        assertEquals(FioFlavor.FIO_3_33, FioFlavor.of("fio-3.33"));
        assertEquals(FioFlavor.FIO_3_42, FioFlavor.of("fio-3.42-135-gf5344384"));
        assertEquals(FioFlavor.FIO_3_42, FioFlavor.of("fio-3.36"));
    }
}
