package io.jfio.runner.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;

/** NetUdpDropsTest's gap of three received by the installed fio as well: the same total_ios and drop_ios. */
class NetUdpDropsFioIT {
    @Test
    void sequenceGapsAreDroppedIosAsFio() throws Exception {
        FioVsJfio.fio();
        JsonNode f = NetUdpDropsTest.receive(true, NetUdpDropsTest.SEQS);
        JsonNode j = NetUdpDropsTest.receive(false, NetUdpDropsTest.SEQS);
        assertEquals(f.getLong("total_ios"), j.getLong("total_ios"));
        assertEquals(f.getLong("drop_ios"), j.getLong("drop_ios"));
    }
}
