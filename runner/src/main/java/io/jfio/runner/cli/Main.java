package io.jfio.runner.cli;

/** Entry point of bin/jfio. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    public static int run(String[] args) {
        System.err.println("jfio: not implemented yet");
        return 1;
    }
}
