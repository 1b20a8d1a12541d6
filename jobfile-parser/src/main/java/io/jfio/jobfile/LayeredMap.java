package io.jfio.jobfile;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A job's option map as a few own entries over a frozen map shared with the job's siblings: a
 * section starts from the global defaults (~400 values) and sets a handful, so copying the
 * defaults for every one of 40,000 sections would cost 40,000 full maps. Iterates in insertion
 * order like a LinkedHashMap: the shared entries first, in their order, then the new keys.
 * Values that are mutable arrays are copied into the new map's own entries at {@link #copy}
 * ({@code thaw}), so a job changing one in place never changes its siblings' and reads never
 * write (job threads read a JobSpec's map concurrently).
 */
final class LayeredMap<V> extends AbstractMap<String, V> {
    private Map<String, V> base;
    private LinkedHashMap<String, V> own = new LinkedHashMap<>();
    private Set<String> removed;
    private final UnaryOperator<V> thaw;

    LayeredMap(UnaryOperator<V> thaw) {
        this(Collections.emptyMap(), thaw);
    }

    private LayeredMap(Map<String, V> base, UnaryOperator<V> thaw) {
        this.base = base;
        this.thaw = thaw;
    }

    /** An independent copy: both maps then share one frozen snapshot of this one's entries. */
    synchronized LayeredMap<V> copy() {
        if (!own.isEmpty() || removed != null) {
            base = Collections.unmodifiableMap(new LinkedHashMap<>(this));
            own = new LinkedHashMap<>();
            removed = null;
        }
        LayeredMap<V> c = new LayeredMap<>(base, thaw);
        for (Map.Entry<String, V> e : base.entrySet()) {
            V t = thaw.apply(e.getValue());
            if (t != e.getValue()) {
                c.own.put(e.getKey(), t);
            }
        }
        return c;
    }

    @Override
    public V get(Object key) {
        V v = own.get(key);
        if (v != null || own.containsKey(key)) {
            return v;
        }
        if (removed != null && removed.contains(key)) {
            return null;
        }
        return base.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return own.containsKey(key) || (base.containsKey(key) && (removed == null || !removed.contains(key)));
    }

    @Override
    public V put(String key, V value) {
        V old = get(key);
        own.put(key, value);
        if (removed != null) {
            removed.remove(key);
        }
        return old;
    }

    @Override
    public V remove(Object key) {
        if (!containsKey(key)) {
            return null;
        }
        V old = get(key);
        own.remove(key);
        if (base.containsKey(key)) {
            if (removed == null) {
                removed = new HashSet<>();
            }
            removed.add((String) key);
        }
        return old;
    }

    @Override
    public void clear() {
        own.clear();
        base = Collections.emptyMap();
        removed = null;
    }

    @Override
    public int size() {
        int n = own.size();
        for (String k : base.keySet()) {
            if (!own.containsKey(k) && (removed == null || !removed.contains(k))) {
                n++;
            }
        }
        return n;
    }

    @Override
    public Set<Map.Entry<String, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return LayeredMap.this.size();
            }

            @Override
            public Iterator<Map.Entry<String, V>> iterator() {
                return new Iterator<>() {
                    private final Iterator<String> baseKeys = base.keySet().iterator();
                    private final Iterator<Map.Entry<String, V>> ownOnly = own.entrySet().iterator();
                    private Map.Entry<String, V> next = advance();

                    private Map.Entry<String, V> advance() {
                        while (baseKeys.hasNext()) {
                            String k = baseKeys.next();
                            if (removed != null && removed.contains(k)) {
                                continue;
                            }
                            V v = own.containsKey(k) ? own.get(k) : base.get(k);
                            return new SimpleImmutableEntry<>(k, v);
                        }
                        while (ownOnly.hasNext()) {
                            Map.Entry<String, V> e = ownOnly.next();
                            if (!base.containsKey(e.getKey())) {
                                return new SimpleImmutableEntry<>(e.getKey(), e.getValue());
                            }
                        }
                        return null;
                    }

                    @Override
                    public boolean hasNext() {
                        return next != null;
                    }

                    @Override
                    public Map.Entry<String, V> next() {
                        if (next == null) {
                            throw new NoSuchElementException();
                        }
                        Map.Entry<String, V> e = next;
                        next = advance();
                        return e;
                    }

                    @Override
                    public void remove() {
                        throw new UnsupportedOperationException("remove through the map, not its iterator");
                    }
                };
            }
        };
    }
}
