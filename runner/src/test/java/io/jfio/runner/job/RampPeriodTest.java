package io.jfio.runner.job;

import io.jfio.runner.stats.JobStats;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ramp_size's check (fio 3.42's time.c ramp_period_check) on its own: once a second, the group's
 * completed bytes against the size; and fio's add_job refusals (td_ramp_period_init).
 */
class RampPeriodTest {
    private static final long S = RampPeriod.CHECK_NANOS;

    @Test
    void aGroupEndsItsRampOnTheBytesOfAllItsJobs() {
        RampPeriod group = new RampPeriod(3 << 20);
        JobStats a = new JobStats();
        JobStats b = new JobStats();
        RampPeriod.Member ma = group.join(a);
        RampPeriod.Member mb = group.join(b);
        ma.start(0);
        mb.start(0);
        a.ioBytes[1] = 2 << 20;
        b.ioBytes[0] = 1 << 20;
        assertFalse(ma.over(S - 1), "no check before a second");
        // a sees its own live bytes and b's published ones: b has published nothing yet
        assertFalse(ma.over(S));
        b.publish();
        assertFalse(ma.over(S + S / 2), "the next check is at 2 s");
        assertTrue(ma.over(2 * S), "2 MiB + 1 MiB reach 3 MiB");
        assertTrue(mb.over(S / 2), "the group's ramp is over for b too, before its own check");
    }

    @Test
    void withoutAGroupAJobCountsOnlyItsOwnBytes() {
        JobStats a = new JobStats();
        RampPeriod.Member ma = new RampPeriod(1 << 20).join(a);
        ma.start(5 * S);
        a.ioBytes[2] = (1 << 20) - 1;
        assertFalse(ma.over(6 * S));
        a.ioBytes[0] = 1;
        assertFalse(ma.over(6 * S + 1));
        // a check missed (a long wait): the next one is the first due, not a catch-up burst
        assertTrue(ma.over(9 * S + 7));
    }

    @Test
    void fioRefusesRampTimeWithRampSizeAndSizesThatDifferInAGroup() {
        String both = RampPeriod.problem(
                io.jfio.jobfile.options.ThreadOptions.from(Jobs.parse("[j]\nramp_time=1\nramp_size=1m\n").get(0)).runtime(),
                java.util.List.of());
        assertEquals("fio: file:time.c:235, func=job rejected: cannot specify both ramp_time and ramp_size, "
                + "error=Invalid argument", both);
        var jobs = Jobs.parse("[global]\ngroup_reporting\n[a]\n[b]\nramp_size=1m\n");
        var ra = io.jfio.jobfile.options.ThreadOptions.from(jobs.get(0)).runtime();
        var rb = io.jfio.jobfile.options.ThreadOptions.from(jobs.get(1)).runtime();
        assertNull(RampPeriod.problem(ra, java.util.List.of(ra)), "a job without a ramp is not checked");
        assertEquals("fio: file:time.c:242, func=job rejected: inconsistent ramp_size within reporting group, "
                + "error=Invalid argument", RampPeriod.problem(rb, java.util.List.of(ra, rb)));
        assertNull(RampPeriod.problem(rb, java.util.List.of(rb)));
    }
}
