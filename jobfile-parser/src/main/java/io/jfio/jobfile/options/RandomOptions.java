package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * fio's random group: seeds, the random map, the generator, the offset distribution and the
 * share of random I/O per direction.
 *
 * @param randrepeat          randrepeat after the parser's fix-ups (randseed turns it off)
 * @param randrepeatSet       randrepeat was given (fio 3.33 seeded from it before that fix-up)
 * @param randseedSet         randseed was given
 * @param distributionPostfix the text after {@code random_distribution=NAME:}, or null
 * @param percentageRandom    per direction read, write, trim
 * @param softrandommap       softrandommap (only verify's overlap check reads it: it still warns)
 */
public record RandomOptions(boolean randrepeat, boolean randrepeatSet, long randseed, boolean randseedSet,
                            boolean norandommap, String randomGenerator, boolean randomGeneratorSet,
                            String randomDistribution, String distributionPostfix, long[] percentageRandom,
                            boolean softrandommap) {

    public static RandomOptions from(JobSpec spec) {
        return new RandomOptions(spec.getBool("randrepeat"), spec.isSet("randrepeat"), spec.getLong("randseed"),
                spec.isSet("randseed"), spec.getBool("norandommap"), spec.getString("random_generator"),
                spec.isSet("random_generator"), spec.getString("random_distribution"),
                spec.postfix("random_distribution"), spec.getPerDirection("percentage_random"),
                softRandomMap(spec));
    }

    private static boolean softRandomMap(JobSpec spec) {
        boolean soft = spec.getBool("softrandommap");
        spec.notHonoured("softrandommap");
        return soft;
    }
}
