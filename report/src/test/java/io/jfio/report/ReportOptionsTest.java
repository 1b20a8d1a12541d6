package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ReportOptionsTest {
    @Test
    void theDefaultListHasSeventeenPercentilesAtTwoDecimals() {
        ReportOptions o = new ReportOptions();
        assertEquals(2, o.percentilePrecision());
        assertEquals(17, o.percentiles().length);
    }

    @Test
    void percentileListIsSorted() {
        ReportOptions o = new ReportOptions();
        o.apply("percentile_list", "50:99:90");
        assertArrayEquals(new double[] {50, 90, 99}, o.percentiles());
    }

    @Test
    void percentileListStopsAtZero() {
        ReportOptions o = new ReportOptions();
        o.apply("percentile_list", "1:10:25:33.333:0:99");
        assertArrayEquals(new double[] {1, 10, 25, 33.333}, o.percentiles());
    }

    @Test
    void percentileListPrecisionIsTheMostDecimalsTyped() {
        ReportOptions o = new ReportOptions();
        o.apply("percentile_list", "50:99:90");
        assertEquals(0, o.percentilePrecision());
        o.apply("percentile_list", "1:10:25:33.333:0:99");
        assertEquals(3, o.percentilePrecision());
    }

    @Test
    void setPercentilesSortsTheList() {
        ReportOptions o = new ReportOptions();
        o.setPercentiles(new double[] {99.9, 50}, 2);
        assertArrayEquals(new double[] {50, 99.9}, o.percentiles());
    }

    @Test
    void setPercentilesKeepsTheGivenPrecision() {
        ReportOptions o = new ReportOptions();
        o.setPercentiles(new double[] {99.9, 50}, 2);
        assertEquals(2, o.percentilePrecision());
        assertEquals("50.00:99.90", o.percentileListText());
    }

    @Test
    void unitBaseOneReportsBits() {
        ReportOptions o = new ReportOptions();
        assertEquals(Num2Str.BYTEPERSEC, o.bandwidthUnit());
        o.apply("unit_base", "1");
        assertEquals(Num2Str.BITPERSEC, o.bandwidthUnit());
    }

    @Test
    void kbBase1000IsDecimal() {
        ReportOptions o = new ReportOptions();
        o.apply("kb_base", "1000");
        assertEquals(false, o.kbBaseIsPow2());
    }

    @Test
    void unifiedRwReportingBoth() {
        ReportOptions o = new ReportOptions();
        o.apply("unified_rw_reporting", "both");
        assertEquals(ReportOptions.UNIFIED_BOTH, o.unified);
    }

    @Test
    void groupReportingWithoutValueIsOn() {
        ReportOptions o = new ReportOptions();
        o.apply("group_reporting", "");
        assertEquals(true, o.groupReporting);
    }

    @Test
    void continueOnErrorNoneIsOff() {
        ReportOptions o = new ReportOptions();
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
