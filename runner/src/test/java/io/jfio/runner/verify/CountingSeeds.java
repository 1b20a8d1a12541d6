package io.jfio.runner.verify;

/** Verify seeds 1, 2, 3, ... (restart goes back to 1) and a fixed trim seed: unit tests' stand-in for the job's generator. */
final class CountingSeeds implements VerifySeeds {
    private final long trimSeed;
    private long n;

    CountingSeeds(long trimSeed) {
        this.trimSeed = trimSeed;
    }

    @Override
    public long next() {
        return ++n;
    }

    @Override
    public void restart() {
        n = 0;
    }

    @Override
    public long trimSeed() {
        return trimSeed;
    }
}
