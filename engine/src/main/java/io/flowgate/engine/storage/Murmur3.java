package io.flowgate.engine.storage;

import java.math.BigDecimal;

/**
 * The dialect's {@code hash}: 32-bit MurmurHash3 (x86) of each value in turn, each seeded by the hash before it (42
 * first), with Spark's encodings: integers, dates and booleans as an int, BIGINTs, timestamps and doubles as a long,
 * text and bytes by their bytes (a tail of fewer than four bytes one byte at a time, as Spark hashes them). A NULL
 * leaves the hash as it was. Installed under {@code FG_SYS} with {@link H2Functions}.
 */
public final class Murmur3 {
  private static final int C1 = 0xcc9e2d51;
  private static final int C2 = 0x1b873593;

  private Murmur3() {}

  public static Integer hashInt(Integer value, Integer seed) {
    return value == null ? seed : fmix(mixH1(seed, mixK1(value)), 4);
  }

  public static Integer hashLong(Long value, Integer seed) {
    if (value == null) {
      return seed;
    }
    int h1 = mixH1(seed, mixK1((int) (long) value));
    h1 = mixH1(h1, mixK1((int) (value >>> 32)));
    return fmix(h1, 8);
  }

  /** A DOUBLE by its bits, -0.0 as 0.0. */
  public static Integer hashDouble(Double value, Integer seed) {
    return value == null ? seed : hashLong(Double.doubleToLongBits(value == 0.0 ? 0.0 : value), seed);
  }

  /** A FLOAT by its bits, -0.0 as 0.0. */
  public static Integer hashFloat(Float value, Integer seed) {
    return value == null ? seed : hashInt(Float.floatToIntBits(value == 0.0f ? 0.0f : value), seed);
  }

  /** A DECIMAL of up to 18 digits by its unscaled long, a longer one by its unscaled value's bytes. */
  public static Integer hashDecimal(BigDecimal value, Integer precision, Integer scale, Integer seed) {
    if (value == null) {
      return seed;
    }
    BigDecimal scaled = value.setScale(scale, java.math.RoundingMode.UNNECESSARY);
    return precision <= 18 ? hashLong(scaled.unscaledValue().longValueExact(), seed)
        : hashBytes(scaled.unscaledValue().toByteArray(), seed);
  }

  public static Integer hashBytes(byte[] value, Integer seed) {
    if (value == null) {
      return seed;
    }
    int aligned = value.length - value.length % 4;
    int h1 = seed;
    for (int i = 0; i < aligned; i += 4) {
      int word = (value[i] & 0xff) | (value[i + 1] & 0xff) << 8 | (value[i + 2] & 0xff) << 16
          | (value[i + 3] & 0xff) << 24;
      h1 = mixH1(h1, mixK1(word));
    }
    for (int i = aligned; i < value.length; i++) {
      h1 = mixH1(h1, mixK1(value[i]));
    }
    return fmix(h1, value.length);
  }

  private static int mixK1(int k1) {
    return Integer.rotateLeft(k1 * C1, 15) * C2;
  }

  private static int mixH1(int h1, int k1) {
    return Integer.rotateLeft(h1 ^ k1, 13) * 5 + 0xe6546b64;
  }

  private static int fmix(int h1, int length) {
    h1 ^= length;
    h1 ^= h1 >>> 16;
    h1 *= 0x85ebca6b;
    h1 ^= h1 >>> 13;
    h1 *= 0xc2b2ae35;
    h1 ^= h1 >>> 16;
    return h1;
  }
}
