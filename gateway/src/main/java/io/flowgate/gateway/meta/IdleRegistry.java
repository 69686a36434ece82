package io.flowgate.gateway.meta;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import java.time.Duration;
import java.util.function.Consumer;

/** A registry whose entries expire when idle and are closed when they leave, however they leave. */
final class IdleRegistry {
  private IdleRegistry() {}

  static <K, V> Cache<K, V> create(Duration idleTimeout, Consumer<V> close) {
    return Caffeine.newBuilder().expireAfterAccess(idleTimeout)
        .removalListener((K key, V value, RemovalCause cause) -> {
          if (value != null) {
            close.accept(value);
          }
        }).build();
  }
}
