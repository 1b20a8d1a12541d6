package io.jfio.runner.job;

import io.jfio.jobfile.options.FlowOptions;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One job's part in fio's flow control (flow.c): the jobs of a flow_id share an I/O counter and
 * their total weight; a job whose share of the counter is above its share of the weight is held
 * back (it skips a loop round, after sleeping flow_sleep if set) until the others catch up.
 */
final class Flow {
    /** The counters of each flow_id in use (fio keeps one list for the run; ids are dropped when unused). */
    private static final Map<Long, Shared> FLOWS = new HashMap<>();

    private static final class Shared {
        final AtomicLong counter = new AtomicLong(1);
        final AtomicInteger totalWeight = new AtomicInteger();
        int refs;
    }

    private final Shared shared;
    private final long id;
    private final int weight;
    private final long sleepUs;
    private long own;

    private Flow(Shared shared, FlowOptions o) {
        this.shared = shared;
        this.id = o.id();
        this.weight = o.weight();
        this.sleepUs = o.sleepUs();
    }

    /** Joins the job's flow (fio's flow_init_job); null when the job has no weight. */
    static Flow join(FlowOptions o) {
        if (o.weight() == 0) {
            return null;
        }
        Shared s;
        synchronized (FLOWS) {
            s = FLOWS.computeIfAbsent(o.id(), k -> new Shared());
            s.refs++;
        }
        s.totalWeight.addAndGet(o.weight());
        return new Flow(s, o);
    }

    /** fio's flow_exit_job: the job's I/Os and weight leave the flow. */
    void leave() {
        synchronized (FLOWS) {
            shared.counter.addAndGet(-own);
            shared.totalWeight.addAndGet(-weight);
            if (--shared.refs == 0) {
                FLOWS.remove(id);
            }
        }
    }

    /**
     * fio's flow_threshold_exceeded, once per loop round: true when the job is ahead of its
     * share and must skip the round; otherwise the round counts as one I/O of the flow.
     */
    boolean heldBack() {
        double mine = (double) own / shared.counter.get();
        double share = (double) weight / shared.totalWeight.get();
        if (mine > share) {
            return true;
        }
        shared.counter.incrementAndGet();
        own++;
        return false;
    }

    long sleepUs() {
        return sleepUs;
    }
}
