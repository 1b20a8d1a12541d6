package io.jfio.jobfile;

/** fio's option value types (parse.h); they decide list splitting, storage and the accepted syntax. */
public enum OptionType {
    STR, STR_ULL, STR_MULTI, STR_VAL, STR_VAL_TIME, STR_STORE, RANGE, INT, ULL, BOOL, FLOAT_LIST, STR_SET,
    STR_VAL_ZONE, DEPRECATED, SOFT_DEPRECATED, UNSUPPORTED;

    /** Types whose value is one number per item (sizes, integers, times). */
    boolean numeric() {
        return this == STR_VAL || this == STR_VAL_TIME || this == INT || this == ULL || this == STR_VAL_ZONE;
    }

    /** Types that take no value to mean 1 (fio's "set" options); everything else but choices needs one. */
    boolean valueOptional() {
        return this == STR_SET || this == STR;
    }

    /** What --cmdhelp says about values of this type. */
    public String help() {
        return switch (this) {
            case STR, STR_ULL, STR_VAL, STR_STORE -> "string (opt=bla)";
            case STR_MULTI -> "string with possible k/m/g postfix (opt=4k)";
            case STR_VAL_TIME -> "string with time postfix (opt=10s)";
            case RANGE -> "one to three ranges (opt=1k-4k[,4k-8k[,1k-8k]])";
            case INT, ULL -> "integer value (opt=100)";
            case BOOL -> "boolean value (opt=1)";
            case FLOAT_LIST -> "list of floating point values separated by ':' (opt=5.9:7.8)";
            case STR_SET -> "empty or boolean value ([0|1])";
            case STR_VAL_ZONE -> "size, percentage or zones (opt=4z)";
            case DEPRECATED, SOFT_DEPRECATED -> "deprecated";
            case UNSUPPORTED -> "unsupported";
        };
    }
}
