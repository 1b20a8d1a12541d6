package io.jfio.report;

/** strerror() texts of Linux/glibc for the errors line ("first_error=28/<No space left on device>"). */
public final class ErrnoText {
    private static final String[] MESSAGES = {
        "Success", "Operation not permitted", "No such file or directory", "No such process",
        "Interrupted system call", "Input/output error", "No such device or address",
        "Argument list too long", "Exec format error", "Bad file descriptor", "No child processes",
        "Resource temporarily unavailable", "Cannot allocate memory", "Permission denied",
        "Bad address", "Block device required", "Device or resource busy", "File exists",
        "Invalid cross-device link", "No such device", "Not a directory", "Is a directory",
        "Invalid argument", "Too many open files in system", "Too many open files",
        "Inappropriate ioctl for device", "Text file busy", "File too large",
        "No space left on device", "Illegal seek", "Read-only file system", "Too many links",
        "Broken pipe", "Numerical argument out of domain", "Numerical result out of range",
        "Resource deadlock avoided", "File name too long", "No locks available",
        "Function not implemented", "Directory not empty",
        "Too many levels of symbolic links",
    };

    private ErrnoText() {
    }

    public static String strerror(int errno) {
        if (errno >= 0 && errno < MESSAGES.length) {
            return MESSAGES[errno];
        }
        return switch (errno) {
            case 61 -> "No data available";
            case 62 -> "Timer expired";
            case 74 -> "Bad message";
            case 75 -> "Value too large for defined data type";
            case 84 -> "Invalid or incomplete multibyte or wide character";
            case 95 -> "Operation not supported";
            case 103 -> "Software caused connection abort";
            case 104 -> "Connection reset by peer";
            case 110 -> "Connection timed out";
            case 111 -> "Connection refused";
            case 121 -> "Remote I/O error";
            case 122 -> "Disk quota exceeded";
            case 125 -> "Operation canceled";
            default -> "Unknown error " + errno;
        };
    }
}
