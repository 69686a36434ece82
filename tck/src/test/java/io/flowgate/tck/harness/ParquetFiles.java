package io.flowgate.tck.harness;

import io.airlift.compress.Compressor;
import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.zstd.ZstdCompressor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.schema.MessageType;

/**
 * Parquet files written by parquet-java's own writer, for read_files tests. The test class path has no Hadoop (the
 * gateway must read Parquet without it), and the writer's builder overloads its factory and its configuration
 * setter with Hadoop types, which javac cannot resolve without them: those two calls are made through method
 * handles, which look up exactly the overload named. The pages are compressed with aircompressor (or the JDK's
 * GZIP), as parquet-java's own codecs would need Hadoop's.
 */
public final class ParquetFiles {
  private ParquetFiles() {}

  /** Writes {@code records} of {@code schema} into {@code file}, its pages compressed with {@code codec}. */
  public static void write(Path file, MessageType schema, CompressionCodecName codec, List<Group> records)
      throws Throwable {
    ExampleParquetWriter.Builder builder = (ExampleParquetWriter.Builder) MethodHandles.publicLookup()
        .findStatic(ExampleParquetWriter.class, "builder", MethodType.methodType(ExampleParquetWriter.Builder.class,
            OutputFile.class)).invoke(new LocalOutputFile(file));
    builder = (ExampleParquetWriter.Builder) MethodHandles.publicLookup().findVirtual(ParquetWriter.Builder.class,
        "withConf", MethodType.methodType(ParquetWriter.Builder.class, ParquetConfiguration.class))
        .invoke(builder, new PlainParquetConfiguration());
    try (ParquetWriter<Group> writer = builder.withType(schema).withCodecFactory(new Compressors())
        .withCompressionCodec(codec).build()) {
      for (Group record : records) {
        writer.write(record);
      }
    }
  }

  private static final class Compressors implements CompressionCodecFactory {
    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
      return new BytesInputCompressor() {
        @Override
        public BytesInput compress(BytesInput input) throws IOException {
          byte[] bytes = input.toByteArray();
          return switch (codec) {
            case UNCOMPRESSED -> BytesInput.from(bytes);
            case GZIP -> {
              ByteArrayOutputStream out = new ByteArrayOutputStream();
              try (OutputStream gzip = new GZIPOutputStream(out)) {
                gzip.write(bytes);
              }
              yield BytesInput.from(out.toByteArray());
            }
            case SNAPPY -> compress(new SnappyCompressor(), bytes);
            case ZSTD -> compress(new ZstdCompressor(), bytes);
            case LZO, BROTLI, LZ4, LZ4_RAW -> throw new IOException("the tests write no " + codec);
          };
        }

        private BytesInput compress(Compressor compressor, byte[] bytes) {
          byte[] out = new byte[compressor.maxCompressedLength(bytes.length)];
          return BytesInput.from(out, 0, compressor.compress(bytes, 0, bytes.length, out, 0, out.length));
        }

        @Override
        public CompressionCodecName getCodecName() {
          return codec;
        }

        @Override
        public void release() {}
      };
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
      throw new UnsupportedOperationException("the tests only write");
    }

    @Override
    public void release() {}
  }
}
