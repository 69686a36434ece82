package io.flowgate.engine.storage;

import java.math.BigDecimal;

/**
 * The dialect's {@code xxhash64}: 64-bit xxHash of each value in turn, each seeded by the hash before it (42 first),
 * with the same encodings as {@code hash} ({@link Murmur3}): integers, dates and booleans as an int, BIGINTs,
 * timestamps and doubles as a long, text and bytes by their bytes, read as little-endian words. A NULL leaves the
 * hash as it was. Installed under {@code FG_SYS} with {@link H2Functions}.
 */
public final class XxHash64 {
  private static final long PRIME1 = 0x9E3779B185EBCA87L;
  private static final long PRIME2 = 0xC2B2AE3D27D4EB4FL;
  private static final long PRIME3 = 0x165667B19E3779F9L;
  private static final long PRIME4 = 0x85EBCA77C2B2AE63L;
  private static final long PRIME5 = 0x27D4EB2F165667C5L;

  private XxHash64() {}

  public static Long hashInt(Integer value, Long seed) {
    if (value == null) {
      return seed;
    }
    long hash = seed + PRIME5 + 4L;
    hash ^= (value & 0xFFFFFFFFL) * PRIME1;
    return mix(Long.rotateLeft(hash, 23) * PRIME2 + PRIME3);
  }

  public static Long hashLong(Long value, Long seed) {
    if (value == null) {
      return seed;
    }
    long hash = seed + PRIME5 + 8L;
    hash ^= Long.rotateLeft(value * PRIME2, 31) * PRIME1;
    return mix(Long.rotateLeft(hash, 27) * PRIME1 + PRIME4);
  }

  /** A DOUBLE by its bits, -0.0 as 0.0. */
  public static Long hashDouble(Double value, Long seed) {
    return value == null ? seed : hashLong(Double.doubleToLongBits(value == 0.0 ? 0.0 : value), seed);
  }

  /** A FLOAT by its bits, -0.0 as 0.0. */
  public static Long hashFloat(Float value, Long seed) {
    return value == null ? seed : hashInt(Float.floatToIntBits(value == 0.0f ? 0.0f : value), seed);
  }

  /** A DECIMAL of up to 18 digits by its unscaled long, a longer one by its unscaled value's bytes. */
  public static Long hashDecimal(BigDecimal value, Integer precision, Integer scale, Long seed) {
    if (value == null) {
      return seed;
    }
    BigDecimal scaled = value.setScale(scale, java.math.RoundingMode.UNNECESSARY);
    return precision <= 18 ? hashLong(scaled.unscaledValue().longValueExact(), seed)
        : hashBytes(scaled.unscaledValue().toByteArray(), seed);
  }

  public static Long hashBytes(byte[] value, Long seed) {
    if (value == null) {
      return seed;
    }
    int length = value.length;
    int at = 0;
    long hash;
    if (length >= 32) {
      long v1 = seed + PRIME1 + PRIME2;
      long v2 = seed + PRIME2;
      long v3 = seed;
      long v4 = seed - PRIME1;
      for (; at <= length - 32; at += 32) {
        v1 = round(v1, word(value, at));
        v2 = round(v2, word(value, at + 8));
        v3 = round(v3, word(value, at + 16));
        v4 = round(v4, word(value, at + 24));
      }
      hash = Long.rotateLeft(v1, 1) + Long.rotateLeft(v2, 7) + Long.rotateLeft(v3, 12) + Long.rotateLeft(v4, 18);
      hash = merge(merge(merge(merge(hash, v1), v2), v3), v4);
    } else {
      hash = seed + PRIME5;
    }
    hash += length;
    for (; at <= length - 8; at += 8) {
      hash ^= round(0, word(value, at));
      hash = Long.rotateLeft(hash, 27) * PRIME1 + PRIME4;
    }
    if (at <= length - 4) {
      long half = (value[at] & 0xFFL) | (value[at + 1] & 0xFFL) << 8 | (value[at + 2] & 0xFFL) << 16
          | (value[at + 3] & 0xFFL) << 24;
      hash ^= half * PRIME1;
      hash = Long.rotateLeft(hash, 23) * PRIME2 + PRIME3;
      at += 4;
    }
    for (; at < length; at++) {
      hash ^= (value[at] & 0xFFL) * PRIME5;
      hash = Long.rotateLeft(hash, 11) * PRIME1;
    }
    return mix(hash);
  }

  private static long word(byte[] bytes, int at) {
    long word = 0;
    for (int i = 7; i >= 0; i--) {
      word = word << 8 | (bytes[at + i] & 0xFFL);
    }
    return word;
  }

  private static long round(long accumulator, long input) {
    return Long.rotateLeft(accumulator + input * PRIME2, 31) * PRIME1;
  }

  private static long merge(long hash, long accumulator) {
    return (hash ^ round(0, accumulator)) * PRIME1 + PRIME4;
  }

  private static long mix(long hash) {
    hash ^= hash >>> 33;
    hash *= PRIME2;
    hash ^= hash >>> 29;
    hash *= PRIME3;
    hash ^= hash >>> 32;
    return hash;
  }
}
