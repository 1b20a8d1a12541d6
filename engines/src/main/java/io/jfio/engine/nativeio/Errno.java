package io.jfio.engine.nativeio;

/**
 * errno numbers of x86-64 Linux with their symbolic names and glibc's strerror text. The text
 * comes from glibc itself (read once, at class load, so it matches what fio prints on the same
 * machine); names come from the kernel's errno headers.
 */
public final class Errno {
    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int EINTR = 4;
    public static final int EIO = 5;
    public static final int ENXIO = 6;
    public static final int EBADF = 9;
    public static final int EAGAIN = 11;
    public static final int ENOMEM = 12;
    public static final int EACCES = 13;
    public static final int EFAULT = 14;
    public static final int EBUSY = 16;
    public static final int EEXIST = 17;
    public static final int ENODEV = 19;
    public static final int EINVAL = 22;
    public static final int ENOTTY = 25;
    public static final int ENOSPC = 28;
    public static final int ENOSYS = 38;
    public static final int ENODATA = 61;
    public static final int ETIME = 62;
    public static final int EOVERFLOW = 75;
    public static final int EOPNOTSUPP = 95;
    public static final int ETIMEDOUT = 110;
    public static final int ECANCELED = 125;

    private static final String[] NAMES = {
        null, "EPERM", "ENOENT", "ESRCH", "EINTR", "EIO", "ENXIO", "E2BIG", "ENOEXEC", "EBADF",
        "ECHILD", "EAGAIN", "ENOMEM", "EACCES", "EFAULT", "ENOTBLK", "EBUSY", "EEXIST", "EXDEV",
        "ENODEV", "ENOTDIR", "EISDIR", "EINVAL", "ENFILE", "EMFILE", "ENOTTY", "ETXTBSY", "EFBIG",
        "ENOSPC", "ESPIPE", "EROFS", "EMLINK", "EPIPE", "EDOM", "ERANGE", "EDEADLK",
        "ENAMETOOLONG", "ENOLCK", "ENOSYS", "ENOTEMPTY", "ELOOP", null, "ENOMSG", "EIDRM",
        "ECHRNG", "EL2NSYNC", "EL3HLT", "EL3RST", "ELNRNG", "EUNATCH", "ENOCSI", "EL2HLT",
        "EBADE", "EBADR", "EXFULL", "ENOANO", "EBADRQC", "EBADSLT", null, "EBFONT", "ENOSTR",
        "ENODATA", "ETIME", "ENOSR", "ENONET", "ENOPKG", "EREMOTE", "ENOLINK", "EADV", "ESRMNT",
        "ECOMM", "EPROTO", "EMULTIHOP", "EDOTDOT", "EBADMSG", "EOVERFLOW", "ENOTUNIQ", "EBADFD",
        "EREMCHG", "ELIBACC", "ELIBBAD", "ELIBSCN", "ELIBMAX", "ELIBEXEC", "EILSEQ", "ERESTART",
        "ESTRPIPE", "EUSERS", "ENOTSOCK", "EDESTADDRREQ", "EMSGSIZE", "EPROTOTYPE",
        "ENOPROTOOPT", "EPROTONOSUPPORT", "ESOCKTNOSUPPORT", "EOPNOTSUPP", "EPFNOSUPPORT",
        "EAFNOSUPPORT", "EADDRINUSE", "EADDRNOTAVAIL", "ENETDOWN", "ENETUNREACH", "ENETRESET",
        "ECONNABORTED", "ECONNRESET", "ENOBUFS", "EISCONN", "ENOTCONN", "ESHUTDOWN",
        "ETOOMANYREFS", "ETIMEDOUT", "ECONNREFUSED", "EHOSTDOWN", "EHOSTUNREACH", "EALREADY",
        "EINPROGRESS", "ESTALE", "EUCLEAN", "ENOTNAM", "ENAVAIL", "EISNAM", "EREMOTEIO", "EDQUOT",
        "ENOMEDIUM", "EMEDIUMTYPE", "ECANCELED", "ENOKEY", "EKEYEXPIRED", "EKEYREVOKED",
        "EKEYREJECTED", "EOWNERDEAD", "ENOTRECOVERABLE", "ERFKILL", "EHWPOISON",
    };

    /**
     * strerror texts read from glibc once, at the first message (strerror itself is not
     * thread-safe for all values); a holder, so that name lookups do not bind libc.
     */
    private static final class Texts {
        static final String[] TEXTS = new String[NAMES.length];

        static {
            LibC libc = Native.libc();
            for (int i = 0; i < TEXTS.length; i++) {
                TEXTS[i] = CString.read(libc.strerror(i));
            }
        }
    }

    private Errno() {
    }

    /** The symbolic name ("EOPNOTSUPP"), or null for numbers Linux does not define. */
    public static String name(int errno) {
        return errno > 0 && errno < NAMES.length ? NAMES[errno] : null;
    }

    /** The number for a symbolic name (also the aliases EWOULDBLOCK, ENOTSUP, EDEADLOCK), or -1. */
    public static int byName(String name) {
        switch (name) {
            case "EWOULDBLOCK":
                return EAGAIN;
            case "ENOTSUP":
                return EOPNOTSUPP;
            case "EDEADLOCK":
                return 35;
            default:
                for (int i = 1; i < NAMES.length; i++) {
                    if (name.equals(NAMES[i])) {
                        return i;
                    }
                }
                return -1;
        }
    }

    /** "error=TEXT (errno N)": how the async engines end a failed syscall's one-line message. */
    public static String describe(int errno) {
        return "error=" + strerror(errno) + " (errno " + errno + ")";
    }

    /** glibc's strerror text, e.g. "Operation not supported"; "Unknown error N" as glibc says. */
    public static String strerror(int errno) {
        if (errno >= 0 && errno < NAMES.length) {
            return Texts.TEXTS[errno];
        }
        return "Unknown error " + errno;
    }
}
