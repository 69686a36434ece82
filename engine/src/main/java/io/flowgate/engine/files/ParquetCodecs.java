package io.flowgate.engine.files;

import io.airlift.compress.Decompressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The page codecs a Parquet file may use, in plain Java: parquet-java's own factory goes through Hadoop's codec
 * classes, which Flowgate does not ship. Snappy (Spark's default), ZSTD and LZ4_RAW are aircompressor's, GZIP the
 * JDK's; LZO, BROTLI and Hadoop's framed LZ4 are refused by name. Reading only: nothing here writes Parquet.
 */
final class ParquetCodecs implements CompressionCodecFactory {
  static final ParquetCodecs INSTANCE = new ParquetCodecs();

  private ParquetCodecs() {}

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    return new BytesInputDecompressor() {
      @Override
      public BytesInput decompress(BytesInput compressed, int size) throws IOException {
        return BytesInput.from(ParquetCodecs.decompress(codec, compressed.toByteArray(), size));
      }

      @Override
      public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int size) throws IOException {
        byte[] compressed = new byte[compressedSize];
        input.get(compressed);
        output.put(ParquetCodecs.decompress(codec, compressed, size));
      }

      @Override
      public void release() {}
    };
  }

  private static byte[] decompress(CompressionCodecName codec, byte[] compressed, int size) throws IOException {
    switch (codec) {
      case UNCOMPRESSED:
        return compressed;
      case GZIP:
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
          return in.readNBytes(size);
        }
      case SNAPPY:
        return decompress(new SnappyDecompressor(), compressed, size);
      case ZSTD:
        return decompress(new ZstdDecompressor(), compressed, size);
      case LZ4_RAW:
        return decompress(new Lz4Decompressor(), compressed, size);
      case LZO:
      case BROTLI:
      case LZ4:
        throw new IOException("Parquet pages compressed with " + codec + " cannot be read (Snappy, GZIP, ZSTD,"
            + " LZ4_RAW and uncompressed pages can)");
    }
    throw new IOException("unknown Parquet codec " + codec);
  }

  private static byte[] decompress(Decompressor decompressor, byte[] compressed, int size) {
    byte[] out = new byte[size];
    decompressor.decompress(compressed, 0, compressed.length, out, 0, size);
    return out;
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    throw new UnsupportedOperationException("Flowgate reads Parquet files; it does not write them");
  }

  @Override
  public void release() {}
}
