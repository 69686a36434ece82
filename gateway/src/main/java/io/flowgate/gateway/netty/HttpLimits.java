package io.flowgate.gateway.netty;

import java.time.Duration;

/**
 * The HTTP side's bounds: one request body at most {@code maxRequestBytes} (413 beyond), the bodies held at once at
 * most {@code maxBufferedRequestBytes} in all (429 beyond), a request whole within {@code requestTimeout} of its first
 * byte, and a connection closed after {@code idleTimeout} with nothing asked or answered.
 */
public record HttpLimits(int maxRequestBytes, long maxBufferedRequestBytes, Duration requestTimeout,
    Duration idleTimeout) {}
