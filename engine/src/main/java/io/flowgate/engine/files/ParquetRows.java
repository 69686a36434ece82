package io.flowgate.engine.files;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.type.JsonText;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.Timestamps;
import io.flowgate.engine.type.TypeKind;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The rows of a Parquet file, a row group at a time, read by parquet-java without Hadoop. The file's footer says its
 * columns: primitive types and their logical annotations become the dialect's as Spark reads them (INT96 and
 * instant timestamps TIMESTAMP, local ones TIMESTAMP_NTZ, unannotated binary BINARY), and lists, maps and groups
 * become STRING columns holding their JSON, as Avro's nested values do. Values travel as the text
 * {@link io.flowgate.engine.type.TextValues} reads, as every reader's do.
 */
final class ParquetRows implements RowReader {
  /** Days from the Julian day number INT96 timestamps count from to 1970-01-01. */
  private static final long JULIAN_EPOCH_DAY = 2_440_588L;

  private final ParquetFileReader reader;
  private final MessageType schema;
  private RecordReader<Group> records;
  private long left;

  ParquetRows(Path file) throws IOException {
    try {
      this.reader = new ParquetFileReader(new LocalInputFile(file), OPTIONS);
    } catch (IOException | RuntimeException e) {
      throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`format`")
          .parameter("functionName", "`read_files`").parameter("message", Errors.quote(file.getFileName().toString())
              + " is not a Parquet file").build();
    }
    this.schema = reader.getFooter().getFileMetaData().getSchema();
  }

  /**
   * Read options without Hadoop. parquet-java's builders of them start from Hadoop's configuration and codec
   * factory; its constructor takes the same settings as values (defaults but the codecs), so it is called directly.
   * The exact parameter list pins the library's version: a change fails every Parquet read, which ReadFilesTest sees.
   */
  private static final ParquetReadOptions OPTIONS = options();

  private static ParquetReadOptions options() {
    try {
      Constructor<ParquetReadOptions> constructor = ParquetReadOptions.class.getDeclaredConstructor(boolean.class,
          boolean.class, boolean.class, boolean.class, boolean.class, boolean.class, boolean.class, boolean.class,
          boolean.class, FilterCompat.Filter.class, ParquetMetadataConverter.MetadataFilter.class,
          org.apache.parquet.compression.CompressionCodecFactory.class, org.apache.parquet.bytes.ByteBufferAllocator.class,
          int.class, Map.class, org.apache.parquet.crypto.FileDecryptionProperties.class,
          org.apache.parquet.hadoop.ParquetMetricsCallback.class, org.apache.parquet.conf.ParquetConfiguration.class);
      constructor.setAccessible(true);
      // signed min/max off, stats / dictionary / record / column-index filters on, checksums, bloom filters,
      // off-heap decryption and vectored IO off: parquet-java's defaults
      return constructor.newInstance(false, true, true, true, true, false, false, false, false, FilterCompat.NOOP,
          ParquetMetadataConverter.NO_FILTER, ParquetCodecs.INSTANCE, new HeapByteBufferAllocator(),
          8 * 1024 * 1024, new HashMap<String, String>(), null, null, new PlainParquetConfiguration());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("parquet-java's read options changed shape", e);
    }
  }

  /** A file's columns, from its footer. */
  static Map<String, SqlType> schema(Path file) throws IOException {
    try (ParquetRows rows = new ParquetRows(file)) {
      Map<String, SqlType> columns = new LinkedHashMap<>();
      for (Type field : rows.schema.getFields()) {
        columns.put(field.getName(), type(field));
      }
      return columns;
    }
  }

  /** A column's type: a nested or repeated field is its JSON text. */
  private static SqlType type(Type field) {
    return field.isPrimitive() && !field.isRepetition(Type.Repetition.REPEATED)
        ? primitiveType(field.asPrimitiveType()) : SqlType.STRING;
  }

  private static SqlType primitiveType(PrimitiveType primitive) {
    LogicalTypeAnnotation logical = primitive.getLogicalTypeAnnotation();
    if (logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation decimal) {
      return decimal.getPrecision() <= 38 ? SqlType.decimal(decimal.getPrecision(), decimal.getScale())
          : SqlType.STRING;
    }
    if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
      return SqlType.DATE;
    }
    if (logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation timestamp) {
      return timestamp.isAdjustedToUTC() ? SqlType.TIMESTAMP : SqlType.TIMESTAMP_NTZ;
    }
    if (logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation integer) {
      int bits = integer.getBitWidth();
      if (integer.isSigned()) {
        return bits == 8 ? SqlType.TINYINT : bits == 16 ? SqlType.SMALLINT : bits == 32 ? SqlType.INT : SqlType.BIGINT;
      }
      return bits <= 16 ? SqlType.INT : bits == 32 ? SqlType.BIGINT : SqlType.decimal(20, 0);
    }
    if (logical instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
      return SqlType.FLOAT;
    }
    if (logical != null) {
      return SqlType.STRING; // strings, enums, JSON, UUIDs, times, geometries: their text
    }
    return switch (primitive.getPrimitiveTypeName()) {
      case BOOLEAN -> SqlType.BOOLEAN;
      case INT32 -> SqlType.INT;
      case INT64 -> SqlType.BIGINT;
      case INT96 -> SqlType.TIMESTAMP;
      case FLOAT -> SqlType.FLOAT;
      case DOUBLE -> SqlType.DOUBLE;
      case BINARY, FIXED_LEN_BYTE_ARRAY -> SqlType.BINARY;
    };
  }

  @Override
  public Map<String, String> next() throws IOException {
    while (left == 0) {
      PageReadStore pages = reader.readNextRowGroup();
      if (pages == null) {
        return null;
      }
      records = new ColumnIOFactory().getColumnIO(schema).getRecordReader(pages, new GroupRecordConverter(schema));
      left = pages.getRowCount();
    }
    Group record = records.read();
    left--;
    Map<String, String> row = new LinkedHashMap<>();
    List<Type> fields = schema.getFields();
    for (int i = 0; i < fields.size(); i++) {
      Type field = fields.get(i);
      row.put(field.getName(), record.getFieldRepetitionCount(i) == 0 ? null
          : field.isPrimitive() && !field.isRepetition(Type.Repetition.REPEATED) ? text(record, i, 0, field)
          : json(record, i, field));
    }
    return row;
  }

  /** The text of a primitive value as its column's type reads it. */
  private static String text(Group group, int field, int index, Type type) {
    PrimitiveType primitive = type.asPrimitiveType();
    LogicalTypeAnnotation logical = primitive.getLogicalTypeAnnotation();
    switch (primitive.getPrimitiveTypeName()) {
      case BOOLEAN:
        return Boolean.toString(group.getBoolean(field, index));
      case FLOAT:
        return Float.toString(group.getFloat(field, index));
      case DOUBLE:
        return Double.toString(group.getDouble(field, index));
      case INT96:
        return Timestamps.utc(int96(group.getInt96(field, index))).toString();
      case INT32:
      case INT64:
        long value = primitive.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT32
            ? group.getInteger(field, index) : group.getLong(field, index);
        return integerText(value, logical, primitive.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT32);
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
        return binaryText(group.getBinary(field, index), logical);
    }
    throw new IllegalStateException("unknown Parquet type " + primitive);
  }

  private static String integerText(long value, LogicalTypeAnnotation logical, boolean int32) {
    if (logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation decimal) {
      return BigDecimal.valueOf(value, decimal.getScale()).toPlainString();
    }
    if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
      return LocalDate.ofEpochDay(value).toString();
    }
    if (logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation timestamp) {
      return Timestamps.utc(instant(value, unit(timestamp.getUnit()))).toString();
    }
    if (logical instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation time) {
      return LocalTime.ofNanoOfDay(unit(time.getUnit()).toNanos(value)).toString();
    }
    if (logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation integer && !integer.isSigned()) {
      return int32 ? Integer.toUnsignedString((int) value) : Long.toUnsignedString(value);
    }
    return Long.toString(value);
  }

  private static String binaryText(Binary value, LogicalTypeAnnotation logical) {
    if (logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation decimal) {
      return new BigDecimal(new BigInteger(value.getBytes()), decimal.getScale()).toPlainString();
    }
    if (logical instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation) {
      ByteBuffer bytes = value.toByteBuffer();
      return new UUID(bytes.getLong(), bytes.getLong()).toString();
    }
    if (logical instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
      return Float.toString(halfFloat(value.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN).getShort()));
    }
    return logical == null ? HexFormat.of().formatHex(value.getBytes()) : value.toStringUsingUTF8();
  }

  /** An IEEE 754 half-precision value (Java 17 has no conversion of its own). */
  private static float halfFloat(short bits) {
    int exponent = (bits >>> 10) & 0x1f;
    int fraction = bits & 0x3ff;
    float magnitude = exponent == 0 ? fraction * 0x1p-24f
        : exponent == 31 ? (fraction == 0 ? Float.POSITIVE_INFINITY : Float.NaN)
        : Math.scalb(1 + fraction / 1024f, exponent - 15);
    return bits < 0 ? -magnitude : magnitude;
  }

  private static TimeUnit unit(LogicalTypeAnnotation.TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> TimeUnit.MILLISECONDS;
      case MICROS -> TimeUnit.MICROSECONDS;
      case NANOS -> TimeUnit.NANOSECONDS;
    };
  }

  private static Instant instant(long value, TimeUnit unit) {
    long perSecond = unit.convert(1, TimeUnit.SECONDS);
    return Instant.ofEpochSecond(Math.floorDiv(value, perSecond), unit.toNanos(Math.floorMod(value, perSecond)));
  }

  /** An INT96 timestamp: nanoseconds of the day, then the Julian day, little-endian (as Spark and Impala write). */
  private static Instant int96(Binary value) {
    ByteBuffer bytes = value.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    long nanos = bytes.getLong();
    long day = bytes.getInt() - JULIAN_EPOCH_DAY;
    return Instant.ofEpochSecond(day * 86_400L, nanos);
  }

  /** A nested value (or a repeated field) as JSON: lists as arrays, maps and groups as objects. */
  private static String json(Group group, int field, Type type) {
    StringBuilder out = new StringBuilder();
    if (type.isRepetition(Type.Repetition.REPEATED)) {
      out.append('[');
      for (int i = 0; i < group.getFieldRepetitionCount(field); i++) {
        out.append(i == 0 ? "" : ",");
        value(group, field, i, type, out);
      }
      return out.append(']').toString();
    }
    value(group, field, 0, type, out);
    return out.toString();
  }

  private static void value(Group group, int field, int index, Type type, StringBuilder out) {
    if (type.isPrimitive()) {
      String text = text(group, field, index, type);
      SqlType valueType = primitiveType(type.asPrimitiveType());
      // numbers and booleans bare; anything else, and the numbers JSON cannot spell (NaN, Infinity), quoted
      if ((valueType.isNumeric() || valueType.kind() == TypeKind.BOOLEAN) && !text.endsWith("N")
          && !text.endsWith("y")) {
        out.append(text);
      } else {
        JsonText.quote(text, out);
      }
      return;
    }
    Group value = group.getGroup(field, index);
    GroupType groupType = type.asGroupType();
    LogicalTypeAnnotation logical = groupType.getLogicalTypeAnnotation();
    if (logical instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      list(value, groupType, out);
    } else if (logical instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
        || logical instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation) {
      map(value, groupType, out);
    } else {
      out.append('{');
      boolean first = true;
      for (int i = 0; i < groupType.getFieldCount(); i++) {
        if (value.getFieldRepetitionCount(i) == 0) {
          continue; // NULL fields left out, as to_json leaves them
        }
        out.append(first ? "" : ",");
        first = false;
        JsonText.quote(groupType.getFieldName(i), out).append(':');
        Type inner = groupType.getType(i);
        if (inner.isRepetition(Type.Repetition.REPEATED)) {
          out.append(json(value, i, inner));
        } else {
          value(value, i, 0, inner, out);
        }
      }
      out.append('}');
    }
  }

  /**
   * A LIST group: its one repeated field holds the elements, either directly (two-level lists of old writers) or as
   * a group whose one field is the element (the standard three levels).
   */
  private static void list(Group list, GroupType type, StringBuilder out) {
    Type repeated = type.getType(0);
    boolean threeLevels = !repeated.isPrimitive() && repeated.asGroupType().getFieldCount() == 1
        && !repeated.getName().equals("array") && !repeated.getName().equals(type.getName() + "_tuple");
    out.append('[');
    for (int i = 0; i < list.getFieldRepetitionCount(0); i++) {
      out.append(i == 0 ? "" : ",");
      if (!threeLevels) {
        value(list, 0, i, repeated, out);
        continue;
      }
      Group element = list.getGroup(0, i);
      if (element.getFieldRepetitionCount(0) == 0) {
        out.append("null");
      } else {
        value(element, 0, 0, repeated.asGroupType().getType(0), out);
      }
    }
    out.append(']');
  }

  /** A MAP group: a repeated group of key and value; keys become the object's names as text. */
  private static void map(Group map, GroupType type, StringBuilder out) {
    GroupType entry = type.getType(0).asGroupType();
    out.append('{');
    for (int i = 0; i < map.getFieldRepetitionCount(0); i++) {
      Group pair = map.getGroup(0, i);
      out.append(i == 0 ? "" : ",");
      Type key = entry.getType(0);
      JsonText.quote(key.isPrimitive() ? text(pair, 0, 0, key) : json(pair, 0, key), out).append(':');
      if (entry.getFieldCount() < 2 || pair.getFieldRepetitionCount(1) == 0) {
        out.append("null");
      } else {
        value(pair, 1, 0, entry.getType(1), out);
      }
    }
    out.append('}');
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
