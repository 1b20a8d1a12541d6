package io.jfio.jobfile.options;

/** fio's rw= modes: which directions a job does and whether its offsets are random (td_read/td_write/td_trim/td_random). */
public enum ReadWrite {
    READ("read", true, false, false, false),
    WRITE("write", false, true, false, false),
    TRIM("trim", false, false, true, false),
    RANDREAD("randread", true, false, false, true),
    RANDWRITE("randwrite", false, true, false, true),
    RANDTRIM("randtrim", false, false, true, true),
    RW("rw", true, true, false, false),
    RANDRW("randrw", true, true, false, true),
    TRIMWRITE("trimwrite", false, true, true, false),
    RANDTRIMWRITE("randtrimwrite", false, true, true, true);

    private final String fioName;
    private final boolean reads;
    private final boolean writes;
    private final boolean trims;
    private final boolean random;

    ReadWrite(String fioName, boolean reads, boolean writes, boolean trims, boolean random) {
        this.fioName = fioName;
        this.reads = reads;
        this.writes = writes;
        this.trims = trims;
        this.random = random;
    }

    /** The mode of an rw word as the parser stored it ("readwrite" is fio's other name for rw). */
    public static ReadWrite of(String word) {
        String w = word.equals("readwrite") ? "rw" : word;
        for (ReadWrite m : values()) {
            if (m.fioName.equals(w)) {
                return m;
            }
        }
        throw new IllegalArgumentException("not an rw mode: " + word);
    }

    /** fio's name, as the report's job line prints it. */
    public String fioName() {
        return fioName;
    }

    public boolean reads() {
        return reads;
    }

    public boolean writes() {
        return writes;
    }

    public boolean trims() {
        return trims;
    }

    public boolean random() {
        return random;
    }
}
