package io.jfio.dist;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One native layer: jnr-ffi (and jffi under it) is used by the engines module only; every other
 * module reaches the kernel through engines' io.jfio.engine.nativeio classes. The check reads the
 * sources, main and test, of every module.
 */
class NativeLayerTest {

    @Test
    void noJnrOutsideEngines() {
        List<String> offenders = new ArrayList<>();
        for (String set : List.of("main", "test")) {
            for (SourceTree.Source s : SourceTree.read(set)) {
                if (s.module().equals("engines")) {
                    continue;
                }
                for (String imp : s.imports()) {
                    if (imp.startsWith("jnr.") || imp.startsWith("com.kenai.")) {
                        offenders.add(s.path() + ": " + imp);
                    }
                }
            }
        }
        assertEquals(List.of(), offenders, "jnr-ffi outside the engines module");
    }

    /** The check itself sees what it looks for: engines does use jnr-ffi. */
    @Test
    void theScanSeesEnginesJnrImports() {
        assertTrue(SourceTree.read("main").stream()
                .filter(s -> s.module().equals("engines"))
                .anyMatch(s -> s.imports().stream().anyMatch(i -> i.startsWith("jnr.ffi."))));
    }
}
