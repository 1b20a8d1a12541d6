package io.jfio.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension that hands tests their loop devices: a {@code @Loop LoopDevice} parameter of
 * a test, a constructor or a {@code @BeforeAll}/{@code @BeforeEach} method gets a fresh device,
 * and the device is detached (its mount and backing file removed) when that scope ends, also
 * when the test fails. Where loop devices are unavailable (not root, no losetup) the test is
 * skipped with the reason.
 *
 * <pre>{@code
 * @ExtendWith(LoopDevices.class)
 * class FooIT {
 *     @Test
 *     void readsTheDevice(@Loop(mib = 32, directIo = true) LoopDevice dev) { ... }
 * }
 * }</pre>
 */
public final class LoopDevices implements ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(LoopDevices.class);

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext context) {
        return p.getParameter().getType() == LoopDevice.class && p.isAnnotated(Loop.class);
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext context) {
        String why = LoopDevice.unavailableReason();
        Assumptions.assumeTrue(why == null, () -> "skipped: " + why);
        Loop spec = p.findAnnotation(Loop.class).orElseThrow();
        LoopDevice dev;
        try {
            dev = LoopDevice.create(spec.mib() << 20, spec.directIo());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot attach a loop device", e);
        }
        context.getStore(NAMESPACE).put(new Object(), new Attached(dev));
        if (spec.ext4()) {
            try {
                dev.mountExt4();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot make ext4 on " + dev.device(), e);
            }
        }
        return dev;
    }

    /** What the store closes when the scope that asked for the device ends. */
    @SuppressWarnings("deprecation") // CloseableResource: closed by every JUnit 5 release this build may use
    private record Attached(LoopDevice dev) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() throws IOException {
            dev.close();
        }
    }
}
