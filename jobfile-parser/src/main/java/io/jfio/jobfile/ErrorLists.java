package io.jfio.jobfile;

import java.util.ArrayList;
import java.util.List;

/**
 * fio's ignore_error value: up to three ':'-separated errno lists for read, write and verify
 * errors (in that order, ','-separated), each entry an errno name (ENOSPC) or a number (decimal
 * or 0x hex). A given list also turns continue_on_error on for its type, as fio's option
 * callback does. An empty list keeps fio's default non-fatal errors (EIO, EILSEQ).
 */
public final class ErrorLists {
    /** fio's error_type_bit order. */
    public static final int READ = 0;
    public static final int WRITE = 1;
    public static final int VERIFY = 2;

    /** Linux errno names by number (index = errno); the two aliases take the unused slots 41 and 58. */
    private static final String[] NAMES = {null,
        "EPERM", "ENOENT", "ESRCH", "EINTR", "EIO", "ENXIO", "E2BIG", "ENOEXEC", "EBADF", "ECHILD",
        "EAGAIN", "ENOMEM", "EACCES", "EFAULT", "ENOTBLK", "EBUSY", "EEXIST", "EXDEV", "ENODEV", "ENOTDIR",
        "EISDIR", "EINVAL", "ENFILE", "EMFILE", "ENOTTY", "ETXTBSY", "EFBIG", "ENOSPC", "ESPIPE", "EROFS",
        "EMLINK", "EPIPE", "EDOM", "ERANGE", "EDEADLK", "ENAMETOOLONG", "ENOLCK", "ENOSYS", "ENOTEMPTY",
        "ELOOP", "EWOULDBLOCK", "ENOMSG", "EIDRM", "ECHRNG", "EL2NSYNC", "EL3HLT", "EL3RST", "ELNRNG",
        "EUNATCH", "ENOCSI", "EL2HLT", "EBADE", "EBADR", "EXFULL", "ENOANO", "EBADRQC", "EBADSLT",
        "EDEADLOCK", "EBFONT", "ENOSTR", "ENODATA", "ETIME", "ENOSR", "ENONET", "ENOPKG", "EREMOTE",
        "ENOLINK", "EADV", "ESRMNT", "ECOMM", "EPROTO", "EMULTIHOP", "EDOTDOT", "EBADMSG", "EOVERFLOW",
        "ENOTUNIQ", "EBADFD", "EREMCHG", "ELIBACC", "ELIBBAD", "ELIBSCN", "ELIBMAX", "ELIBEXEC", "EILSEQ",
        "ERESTART", "ESTRPIPE", "EUSERS", "ENOTSOCK", "EDESTADDRREQ", "EMSGSIZE", "EPROTOTYPE",
        "ENOPROTOOPT", "EPROTONOSUPPORT", "ESOCKTNOSUPPORT", "EOPNOTSUPP", "EPFNOSUPPORT", "EAFNOSUPPORT",
        "EADDRINUSE", "EADDRNOTAVAIL", "ENETDOWN", "ENETUNREACH", "ENETRESET", "ECONNABORTED",
        "ECONNRESET", "ENOBUFS", "EISCONN", "ENOTCONN", "ESHUTDOWN", "ETOOMANYREFS", "ETIMEDOUT",
        "ECONNREFUSED", "EHOSTDOWN", "EHOSTUNREACH", "EALREADY", "EINPROGRESS", "ESTALE", "EUCLEAN",
        "ENOTNAM", "ENAVAIL", "EISNAM", "EREMOTEIO", "EDQUOT", "ENOMEDIUM", "EMEDIUMTYPE", "ECANCELED",
        "ENOKEY", "EKEYEXPIRED", "EKEYREVOKED", "EKEYREJECTED", "EOWNERDEAD", "ENOTRECOVERABLE",
        "ERFKILL", "EHWPOISON"};

    private ErrorLists() {
    }

    /** The lists by type (null where none was given); IllegalArgumentException carries fio's message. */
    public static int[][] parse(String value) {
        int[][] lists = new int[3][];
        if (value == null) {
            return lists;
        }
        String v = value.strip();
        String[] types = v.split(",", -1);
        for (int t = 0; t < types.length; t++) {
            if (t >= 3) {
                throw new IllegalArgumentException("Illegal error type");
            }
            List<Integer> errs = new ArrayList<>();
            for (String name : types[t].split(":", -1)) {
                if (name.isEmpty()) {
                    break;
                }
                int e = name.charAt(0) == 'E' ? byName(name) : number(name);
                if (e == 0) {
                    throw new IllegalArgumentException("Unknown error " + name + ", please use number value");
                }
                errs.add(e);
            }
            if (!errs.isEmpty()) {
                lists[t] = errs.stream().mapToInt(Integer::intValue).toArray();
            }
        }
        return lists;
    }

    /** fio's message for a bad value, or null. */
    public static String problem(String value) {
        try {
            parse(value);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    private static int byName(String name) {
        for (int i = 1; i < NAMES.length; i++) {
            if (NAMES[i].equals(name)) {
                return switch (name) {
                    case "EWOULDBLOCK" -> 11;
                    case "EDEADLOCK" -> 35;
                    default -> i;
                };
            }
        }
        return 0;
    }

    /** strtol's reading: leading digits (hex after 0x), a sign, the rest ignored; negatives made positive. */
    private static int number(String s) {
        int i = 0;
        boolean neg = false;
        if (i < s.length() && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            neg = s.charAt(i) == '-';
            i++;
        }
        int base = 10;
        if (s.startsWith("0x", i) || s.startsWith("0X", i)) {
            base = 16;
            i += 2;
        }
        long n = 0;
        for (; i < s.length(); i++) {
            int d = Character.digit(s.charAt(i), base);
            if (d < 0) {
                break;
            }
            n = Math.min(Integer.MAX_VALUE, n * base + d);
        }
        return (int) (neg ? n : n);
    }
}
