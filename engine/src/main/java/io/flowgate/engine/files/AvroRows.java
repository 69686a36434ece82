package io.flowgate.engine.files;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.Timestamps;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;

/**
 * The records of an Avro container file as rows, pulled one at a time. A file says its own schema, so its columns
 * come from the header, not from sampling: Avro's primitive and logical types become the dialect's (a union with
 * null is its other branch), and records, arrays and maps become STRING columns holding their JSON. Values travel
 * as the text {@link io.flowgate.engine.type.TextValues} reads, as every reader's do.
 */
final class AvroRows implements RowReader {
  private final DataFileStream<GenericRecord> records;
  private final List<Schema.Field> fields;

  AvroRows(Path file) throws IOException {
    InputStream in = Files.newInputStream(file);
    try {
      this.records = new DataFileStream<>(in, new GenericDatumReader<>());
    } catch (IOException | RuntimeException e) {
      in.close();
      throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`format`")
          .parameter("functionName", "`read_files`").parameter("message", Errors.quote(file.getFileName().toString())
              + " is not an Avro container file (" + e.getMessage() + ")").build();
    }
    Schema schema = records.getSchema();
    this.fields = schema.getType() == Schema.Type.RECORD ? schema.getFields() : List.of();
  }

  /** A file's columns, from its header. */
  static Map<String, SqlType> schema(Path file) throws IOException {
    try (AvroRows rows = new AvroRows(file)) {
      Map<String, SqlType> columns = new LinkedHashMap<>();
      for (Schema.Field field : rows.fields) {
        columns.put(field.name(), type(field.schema()));
      }
      return columns;
    }
  }

  private static Schema nonNull(Schema schema) {
    if (schema.getType() == Schema.Type.UNION) {
      List<Schema> branches = schema.getTypes().stream().filter(branch -> branch.getType() != Schema.Type.NULL)
          .toList();
      return branches.size() == 1 ? branches.get(0) : schema;
    }
    return schema;
  }

  private static SqlType type(Schema declared) {
    Schema schema = nonNull(declared);
    LogicalType logical = schema.getLogicalType();
    if (logical instanceof LogicalTypes.Decimal decimal) {
      return SqlType.decimal(decimal.getPrecision(), decimal.getScale());
    }
    if (logical instanceof LogicalTypes.Date) {
      return SqlType.DATE;
    }
    if (logical instanceof LogicalTypes.TimestampMillis || logical instanceof LogicalTypes.TimestampMicros) {
      return SqlType.TIMESTAMP;
    }
    if (logical instanceof LogicalTypes.LocalTimestampMillis || logical instanceof LogicalTypes.LocalTimestampMicros) {
      return SqlType.TIMESTAMP_NTZ;
    }
    return switch (schema.getType()) {
      case BOOLEAN -> SqlType.BOOLEAN;
      case INT -> SqlType.INT;
      case LONG -> SqlType.BIGINT;
      case FLOAT -> SqlType.FLOAT;
      case DOUBLE -> SqlType.DOUBLE;
      case BYTES, FIXED -> SqlType.BINARY;
      default -> SqlType.STRING;
    };
  }

  @Override
  public Map<String, String> next() throws IOException {
    if (!records.hasNext()) {
      return null;
    }
    GenericRecord record = records.next();
    Map<String, String> row = new LinkedHashMap<>();
    for (Schema.Field field : fields) {
      row.put(field.name(), text(record.get(field.pos()), nonNull(field.schema())));
    }
    return row;
  }

  private static String text(Object value, Schema schema) {
    if (value == null) {
      return null;
    }
    LogicalType logical = schema.getLogicalType();
    if (logical instanceof LogicalTypes.Decimal decimal) {
      return new BigDecimal(new BigInteger(bytes(value)), decimal.getScale()).toPlainString();
    }
    if (logical instanceof LogicalTypes.Date) {
      return LocalDate.ofEpochDay((Integer) value).toString();
    }
    if (logical instanceof LogicalTypes.TimestampMillis || logical instanceof LogicalTypes.LocalTimestampMillis) {
      return Timestamps.utc(Instant.ofEpochMilli((Long) value)).toString();
    }
    if (logical instanceof LogicalTypes.TimestampMicros || logical instanceof LogicalTypes.LocalTimestampMicros) {
      long micros = (Long) value;
      return Timestamps.utc(Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
          Math.floorMod(micros, 1_000_000L) * 1_000L)).toString();
    }
    return switch (schema.getType()) {
      case BYTES, FIXED -> HexFormat.of().formatHex(bytes(value));
      case RECORD, ARRAY, MAP, UNION -> GenericData.get().toString(value);
      default -> value.toString();
    };
  }

  private static byte[] bytes(Object value) {
    if (value instanceof GenericFixed fixed) {
      return fixed.bytes();
    }
    ByteBuffer buffer = ((ByteBuffer) value).duplicate();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }

  @Override
  public void close() throws IOException {
    records.close();
  }
}
