package io.flowgate.engine.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * XxHash64 against the published XXH64 test values (seed 0), over each of its paths (under 8 bytes, words, four
 * stripes of 32 bytes), and its int and long shortcuts against the bytes they stand for, as Spark's are.
 */
class XxHash64Test {
  private static long hash(String text, long seed) {
    return XxHash64.hashBytes(text.getBytes(StandardCharsets.UTF_8), seed);
  }

  @Test
  void matchesThePublishedValues() {
    assertThat(hash("", 0)).isEqualTo(0xEF46DB3751D8E999L);
    assertThat(hash("abc", 0)).isEqualTo(0x44BC2CF5AD770999L);
    assertThat(hash("Nobody inspects the spammish repetition", 0)).isEqualTo(0xFBCEA83C8A378BF1L);
  }

  /** The vendor's documented example, {@code xxhash64('Spark', array(123), 2)}: each value seeds the next, 42 first. */
  @Test
  void chainsAsTheDialectDoes() {
    long hash = XxHash64.hashBytes("Spark".getBytes(StandardCharsets.UTF_8), 42L);
    assertThat(XxHash64.hashInt(2, XxHash64.hashInt(123, hash))).isEqualTo(5602566077635097486L);
  }

  @Test
  void intsAndLongsHashAsTheirLittleEndianBytes() {
    for (long seed : new long[] {0, 42, -7}) {
      for (int value : new int[] {0, 1, -1, 123, Integer.MIN_VALUE}) {
        byte[] bytes = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(value).array();
        assertThat(XxHash64.hashInt(value, seed)).isEqualTo(XxHash64.hashBytes(bytes, seed));
      }
      for (long value : new long[] {0, 1, -1, 1L << 40, Long.MAX_VALUE}) {
        byte[] bytes = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
        assertThat(XxHash64.hashLong(value, seed)).isEqualTo(XxHash64.hashBytes(bytes, seed));
      }
    }
    assertThat(XxHash64.hashInt(null, 42L)).isEqualTo(42L);
  }
}
