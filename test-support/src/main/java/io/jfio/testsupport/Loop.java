package io.jfio.testsupport;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@link LoopDevice} parameter that {@link LoopDevices} creates: over a fresh /dev/shm file of
 * {@link #mib} MiB, with the loop driver's direct I/O when {@link #directIo}, and ext4 made and
 * mounted on it when {@link #ext4}.
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
public @interface Loop {
    long mib() default 16;

    boolean directIo() default false;

    boolean ext4() default false;
}
