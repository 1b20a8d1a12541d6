package io.jfio.runner.support;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.IoEngine;
import io.jfio.runner.Run;
import io.jfio.runner.job.EngineProvider;
import io.jfio.runner.support.FioVsJfio.Outcome;
import io.jfio.testsupport.Ports;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * A net listener and its peers started in the order the kernel needs, whatever the machine's load:
 * the connecting side starts only once the listener listens (TCP, unix) or its sockets are bound
 * (UDP: a datagram sent before the bind is lost), as the kernel's socket tables show it. A job's
 * startdelay=1 alone loses that race on a loaded 2-CPU machine. A listener that never comes up
 * fails the test after {@link #WAIT_SECONDS} instead of hanging it.
 */
public final class NetPeers {
    private NetPeers() {
    }

    /** The longest wait for a listener, and for a run once its peer started: generous under load. */
    public static final int WAIT_SECONDS = 120;

    /** What the peer waits for, and how the failure names it. */
    public record Listener(String what, BooleanSupplier up) {
        /** A TCP socket listening on {@code port}. */
        public static Listener tcp(int port) {
            return new Listener("a TCP listener on port " + port, () -> Ports.listening(port));
        }

        /** {@code sockets} UDP sockets bound to {@code port} (each receiver of a multicast group binds one). */
        public static Listener udp(int port, int sockets) {
            return new Listener(sockets + " UDP socket(s) bound to port " + port,
                () -> Ports.udpBound(port) >= sockets);
        }

        /** A unix stream socket listening at {@code path}. */
        public static Listener unix(Path path) {
            return new Listener("a unix listener at " + path, () -> Ports.unixListening(path));
        }

        /** The listener of a net job file's protocol ({@code tcp}, {@code udp}, their v6, {@code unix}). */
        public static Listener of(String protocol, int port, Path unixPath, int udpSockets) {
            return protocol.startsWith("udp") ? udp(port, udpSockets)
                : protocol.equals("unix") ? unix(unixPath) : tcp(port);
        }

        /** Waits until it is up; a {@link TimeoutException} naming it after {@link #WAIT_SECONDS}. */
        public void await() throws TimeoutException, InterruptedException {
            awaitWhile(() -> true);
        }

        /** As {@link #await}, but false as soon as {@code alive} is not (what would bring it up ended). */
        public boolean awaitWhile(BooleanSupplier alive) throws TimeoutException, InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            while (!up.getAsBoolean()) {
                if (!alive.getAsBoolean()) {
                    return false;
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new TimeoutException(what + " was not up after " + WAIT_SECONDS + " s");
                }
                Thread.sleep(20);
            }
            return true;
        }
    }

    /**
     * The real engines, except that the engine of each job named in {@code peers} waits in its
     * init (in the job's own thread, before it connects or sends) until {@code listener} is up;
     * one run of a job file with both sides stays one run.
     */
    public static EngineProvider peersAfter(Listener listener, Set<String> peers) {
        EngineProvider real = Run.defaultEngines();
        return spec -> {
            IoEngine e = real.create(spec);
            if (!peers.contains(spec.name())) {
                return e;
            }
            return new ForwardingEngine(e) {
                @Override
                public void init(EngineContext ctx) throws EngineException {
                    try {
                        listener.await();
                    } catch (TimeoutException | InterruptedException x) {
                        throw new EngineException(110, "test: wait for the listener", x.getMessage()); // ETIMEDOUT
                    }
                    super.init(ctx);
                }
            };
        };
    }

    /** One in-process run of {@code content} (as {@link Jobs#runPlain}) whose {@code peers} start after {@code listener} */
    public static Jobs.Result run(String content, String format, Listener listener, String... peers) {
        return Jobs.runWith(content, format, peersAfter(listener, Set.of(peers)));
    }

    /** As {@link #run}, as the exit status and both streams of the run. */
    public static Outcome outcome(String content, String format, Listener listener, String... peers) {
        Jobs.Result r = run(content, format, listener, peers);
        return new Outcome(r.rc, r.out(), r.err());
    }

    /**
     * Two runs in a fixed order: {@code listening} on its own thread, then, once {@code listener}
     * is up, {@code peer}; both outcomes, listener's first. Fails when the listening run ends
     * before its listener is up, or either run outlasts {@link #WAIT_SECONDS}.
     */
    public static List<Outcome> listenerFirst(Callable<Outcome> listening, Listener listener, Callable<Outcome> peer)
            throws Exception {
        CompletableFuture<Outcome> first = CompletableFuture.supplyAsync(() -> {
            try {
                return listening.call();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try {
            if (!listener.awaitWhile(() -> !first.isDone())) {
                throw new AssertionError("the listening run ended before " + listener.what() + " was up: "
                    + first.join().both());
            }
        } catch (TimeoutException e) {
            throw new AssertionError(e.getMessage());
        }
        Outcome second = peer.call();
        try {
            return List.of(first.get(WAIT_SECONDS, TimeUnit.SECONDS), second);
        } catch (TimeoutException e) {
            throw new AssertionError("the listening run did not end " + WAIT_SECONDS + " s after its peer: "
                + second.both());
        } catch (ExecutionException e) {
            throw new AssertionError("the listening run failed", e.getCause());
        }
    }
}
