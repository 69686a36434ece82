package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.ParquetFiles;
import io.flowgate.tck.harness.QueryRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** SPEC §3.5 S5: STREAM read_files ingests each file once, with _rescued_data and _metadata. */
class ReadFilesTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  private static List<String> rows(Statement statement, String sql) throws SQLException {
    return QueryRows.of(statement, sql);
  }

  @Test
  void csvFilesAreIngestedOnce() throws Exception {
    Path folder = Files.createDirectories(gateway.data().resolve("ingest").resolve("in"));
    Files.writeString(folder.resolve("a.csv"), "id,name\n1,x\nabc,y\n");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE OR REFRESH STREAMING TABLE raw AS SELECT *, _metadata.file_name AS f"
          + " FROM STREAM read_files('in/', format => 'csv', header => true, schemaHints => 'id INT')");
      assertThat(rows(statement, "SELECT id, name, _rescued_data IS NOT NULL, f FROM raw ORDER BY name"))
          .containsExactly("1 | x | false | a.csv", "null | y | true | a.csv");
      assertThat(rows(statement, "SELECT _rescued_data:id FROM raw WHERE id IS NULL")).containsExactly("abc");

      Files.writeString(folder.resolve("b.csv"), "id,name\n3,z\n");
      statement.execute("REFRESH STREAMING TABLE raw");
      statement.execute("REFRESH STREAMING TABLE raw");
      assertThat(rows(statement, "SELECT name, f FROM raw ORDER BY name"))
          .containsExactly("x | a.csv", "y | a.csv", "z | b.csv");

      statement.execute("REFRESH STREAMING TABLE raw FULL");
      assertThat(rows(statement, "SELECT count(*) FROM raw")).containsExactly("3");
      assertThat(rows(statement, "DESCRIBE TABLE raw")).contains("id | int | null", "name | string | null",
          "_rescued_data | string | null", "f | string | null");
    }
  }

  @Test
  void jsonLinesInferTypes() throws Exception {
    Path folder = Files.createDirectories(gateway.data().resolve("ingest").resolve("events"));
    Files.writeString(folder.resolve("1.json"), "{\"id\": 1, \"amount\": 2.5, \"ok\": true, \"tags\": [1,2]}\n"
        + "{\"id\": 2, \"amount\": 3, \"ok\": false, \"extra\": \"surprise\"}\n");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE STREAMING TABLE events AS SELECT * FROM STREAM read_files('events',"
          + " format => 'json')");
      assertThat(rows(statement, "SELECT id, amount, ok, tags, extra FROM events ORDER BY id"))
          .containsExactly("1 | 2.5 | true | [1,2] | null", "2 | 3.0 | false | null | surprise");
    }
  }

  @Test
  void textFilesAreLinesOrWholeFiles() throws Exception {
    Path folder = Files.createDirectories(gateway.data().resolve("ingest").resolve("logs"));
    Files.writeString(folder.resolve("app.log"), "12 started\n  indented, with a comma\n\nlast");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      // every line a row, as it is: no types inferred, nothing split, blank lines kept
      assertThat(rows(statement, "SELECT value, _metadata.file_name FROM read_files('logs', format => 'text')"))
          .containsExactly("12 started | app.log", "  indented, with a comma | app.log", " | app.log",
              "last | app.log");
      assertThat(rows(statement, "SELECT length(value) FROM read_files('logs', format => 'text',"
          + " wholeText => true)")).containsExactly("41");
      statement.execute("CREATE STREAMING TABLE lines AS SELECT value FROM STREAM read_files('logs',"
          + " format => 'text')");
      Files.writeString(folder.resolve("next.log"), "one more\n");
      statement.execute("REFRESH STREAMING TABLE lines");
      assertThat(rows(statement, "SELECT count(*), max(value) FROM lines")).containsExactly("5 | one more");
      assertThat(rows(statement, "DESCRIBE TABLE lines")).contains("value | string | null");
    }
  }

  @Test
  void binaryFilesAreOneRowEach() throws Exception {
    Path folder = Files.createDirectories(gateway.data().resolve("ingest").resolve("blobs"));
    Files.write(folder.resolve("b.bin"), new byte[] {0, 1, (byte) 0xfe, (byte) 0xff});
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(rows(statement, "SELECT path LIKE 'file:%blobs/b.bin', length, content IS NOT NULL,"
          + " modificationTime <= current_timestamp() FROM read_files('blobs', format => 'binaryFile')"))
          .containsExactly("true | 4 | true | true");
      try (java.sql.ResultSet bytes = statement.executeQuery("SELECT content FROM read_files('blobs',"
          + " format => 'binaryFile')")) {
        assertThat(bytes.next()).isTrue();
        assertThat(bytes.getBytes(1)).containsExactly(0, 1, 0xfe, 0xff);
      }
      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM read_files('blobs', format => 'orc')"))
          .hasMessageStartingWith("[FEATURE_NOT_SUPPORTED]");
    }
  }

  @Test
  void pathsOutsideTheIngestRootsAreRefused() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThatThrownBy(() -> statement.execute("CREATE STREAMING TABLE escape AS SELECT * FROM"
          + " STREAM read_files('/etc/', format => 'csv')"))
          .hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42501"));
      assertThatThrownBy(() -> statement.execute("CREATE STREAMING TABLE escape2 AS SELECT * FROM"
          + " STREAM read_files('../../', format => 'csv')"))
          .hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]");
    }
  }

  /** The pages' cloud URIs are refused with what to do instead, never read as a local folder of that name. */
  @Test
  void cloudStorePathsAreRefusedByName() throws Exception {
    java.nio.file.Files.createDirectories(gateway.data().resolve("ingest").resolve("s3:").resolve("bucket"));
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      for (String path : List.of("s3://bucket/landing/", "abfss://c@account.dfs.core.windows.net/base/path",
          "gs://bucket/x", "dbfs:/mnt/raw")) {
        assertThatThrownBy(() -> statement.execute("CREATE STREAMING TABLE cloud AS SELECT * FROM"
            + " STREAM read_files('" + path + "', format => 'csv')"))
            .hasMessageStartingWith("[INVALID_PARAMETER_VALUE]").hasMessageContaining("--ingest-root")
            .hasMessageContaining(path);
      }
    }
  }

  @Test
  void batchReadsSeeEveryFileEachTime() throws Exception {
    Path folder = Files.createDirectories(gateway.data().resolve("ingest").resolve("batch"));
    Files.writeString(folder.resolve("a.csv"), "id,city\n1,Oslo\n2,Rome\n");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      String read = "read_files('batch/', format => 'csv')";
      assertThat(rows(statement, "SELECT id, city, _metadata.file_name FROM " + read + " ORDER BY id"))
          .containsExactly("1 | Oslo | a.csv", "2 | Rome | a.csv");
      statement.execute("CREATE TABLE cities AS SELECT * FROM " + read);
      statement.execute("INSERT INTO cities SELECT id + 10, city, _rescued_data FROM " + read);
      assertThat(rows(statement, "SELECT count(*), sum(id) FROM cities")).containsExactly("4 | 26");

      // a new file, with a column the first lacks: the next read sees both files and the wider schema
      Files.writeString(folder.resolve("b.csv"), "id,city,country\n3,Lima,PE\n");
      assertThat(rows(statement, "SELECT id, city, country FROM " + read + " ORDER BY id"))
          .containsExactly("1 | Oslo | null", "2 | Rome | null", "3 | Lima | PE");
      assertThat(rows(statement, "SELECT count(*) FROM " + read)).containsExactly("3");

      // a ONCE flow takes a batch read; it reads every file, once
      statement.execute("CREATE STREAMING TABLE city_log (id INT, city STRING) FLOW INSERT ONCE BY NAME"
          + " SELECT id, city FROM " + read);
      statement.execute("REFRESH STREAMING TABLE city_log");
      assertThat(rows(statement, "SELECT count(*) FROM city_log")).containsExactly("3");
      // an append flow needs the STREAM keyword
      assertThatThrownBy(() -> statement.execute("CREATE STREAMING TABLE city_stream AS SELECT * FROM " + read))
          .hasMessageStartingWith("[INVALID_FLOW_QUERY_TYPE.BATCH_RELATION_FOR_STREAMING_TABLE]");
      assertThatThrownBy(() -> statement.execute("CREATE VIEW city_view AS SELECT * FROM " + read))
          .hasMessageStartingWith("[FEATURE_NOT_SUPPORTED]");
    }
  }

  @Test
  void csvQuotesEscapesAndLineBreaks() throws Exception {
    Path folder = Files.createDirectories(gateway.data().resolve("ingest").resolve("quoted"));
    Files.writeString(folder.resolve("q.csv"), "id;note\r\n1;\"a;b\"\r\n2;\"say \\\"hi\\\"\"\r\n"
        + "3;\"two\nlines\"\r\n4;\"\"\r\n5;\r\n6;\"it\"\"s\"\r\n");
    Files.writeString(folder.resolve("single.txt"), "id;note\n7;'x; y'\n");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(rows(statement, "SELECT id, note, note IS NULL FROM read_files('quoted/*.csv', format => 'csv',"
          + " sep => ';') ORDER BY id")).containsExactly("1 | a;b | false", "2 | say \"hi\" | false",
          "3 | two\nlines | false", "4 |  | false", "5 | null | true", "6 | it\"s | false");
      assertThat(rows(statement, "SELECT note FROM read_files('quoted/single.txt', format => 'csv', sep => ';',"
          + " quote => '''')")).containsExactly("x; y");
      assertThat(rows(statement, "SELECT _metadata.file_name FROM read_files('quoted/{q.csv,single.txt}',"
          + " format => 'csv', sep => ';') GROUP BY 1 ORDER BY 1")).containsExactly("q.csv", "single.txt");
    }
  }

  @Test
  void aDeclaredSchemaStaysAndRescuesTheRest() throws Exception {
    Path folder = Files.createDirectories(gateway.data().resolve("ingest").resolve("declared"));
    Files.writeString(folder.resolve("a.csv"), "id,name\n1,x\nabc,y\n");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      String read = "read_files('declared', format => 'csv', schema => 'id INT, name STRING',"
          + " rescuedDataColumn => 'leftover')";
      try (java.sql.ResultSet result = statement.executeQuery("SELECT * FROM " + read)) {
        java.sql.ResultSetMetaData columns = result.getMetaData();
        assertThat(List.of(columns.getColumnLabel(1), columns.getColumnLabel(2), columns.getColumnLabel(3)))
            .containsExactly("id", "name", "leftover");
        assertThat(columns.getColumnCount()).isEqualTo(3);
      }
      assertThat(rows(statement, "SELECT id, name, leftover:id FROM " + read + " ORDER BY name"))
          .containsExactly("1 | x | null", "null | y | abc");

      // A streaming table over a declared schema keeps its columns; a later file's new field is rescued.
      statement.execute("CREATE STREAMING TABLE declared_st AS SELECT * FROM STREAM read_files('declared',"
          + " format => 'csv', schema => 'id INT, name STRING', schemaEvolutionMode => 'rescue')");
      Files.writeString(folder.resolve("b.csv"), "id,name,extra\n3,z,new\n");
      statement.execute("REFRESH STREAMING TABLE declared_st");
      assertThat(rows(statement, "SELECT id, name, _rescued_data:extra FROM declared_st WHERE id = 3"))
          .containsExactly("3 | z | new");
      assertThat(rows(statement, "DESCRIBE TABLE declared_st")).containsExactly("id | int | null",
          "name | string | null", "_rescued_data | string | null");

      // An inferred schema widens: the new column joins the table (addNewColumns, the default); `abc` made a.csv's
      // id a STRING.
      statement.execute("CREATE STREAMING TABLE inferred_st AS SELECT * FROM STREAM read_files('declared/a.csv',"
          + " format => 'csv')");
      statement.execute("CREATE FLOW inferred_more AS INSERT INTO inferred_st BY NAME"
          + " SELECT * FROM STREAM read_files('declared/b.csv', format => 'csv',"
          + " schemaEvolutionMode => 'addNewColumns')");
      statement.execute("REFRESH STREAMING TABLE inferred_st");
      assertThat(rows(statement, "SELECT id, name, extra FROM inferred_st ORDER BY name"))
          .containsExactly("1 | x | null", "abc | y | null", "3 | z | new");

      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM read_files('declared', format => 'csv',"
          + " schemaEvolutionMode => 'failOnNewColumns')")).hasMessageStartingWith("[FEATURE_NOT_SUPPORTED]");
      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM read_files('declared', format => 'csv',"
          + " schemaEvolutionMode => 'rescue')")).hasMessageStartingWith("[FEATURE_NOT_SUPPORTED]")
          .hasMessageContaining("schema =>");
      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM read_files('declared', format => 'csv',"
          + " rescuedDataColumn => 'ID')")).hasMessageStartingWith("[INVALID_PARAMETER_VALUE]");
      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM read_files('declared', format => 'csv',"
          + " schema => 'id')")).hasMessageStartingWith("[DATATYPE_MISMATCH]");
    }
  }

  /** An Avro container file of the given records, written with Avro's own writer. */
  private static void writeAvro(Path file, org.apache.avro.Schema schema, List<org.apache.avro.generic.GenericRecord>
      records) throws Exception {
    try (org.apache.avro.file.DataFileWriter<org.apache.avro.generic.GenericRecord> writer =
        new org.apache.avro.file.DataFileWriter<>(new org.apache.avro.generic.GenericDatumWriter<>(schema))) {
      writer.create(schema, file.toFile());
      for (org.apache.avro.generic.GenericRecord record : records) {
        writer.append(record);
      }
    }
  }

  @Test
  void avroFilesBringTheirOwnSchema() throws Exception {
    org.apache.avro.Schema schema = new org.apache.avro.Schema.Parser().parse("""
        {"type": "record", "name": "order", "fields": [
          {"name": "id", "type": "long"},
          {"name": "name", "type": ["null", "string"]},
          {"name": "amount", "type": {"type": "bytes", "logicalType": "decimal", "precision": 10, "scale": 2}},
          {"name": "day", "type": {"type": "int", "logicalType": "date"}},
          {"name": "at", "type": {"type": "long", "logicalType": "timestamp-micros"}},
          {"name": "tags", "type": {"type": "array", "items": "string"}},
          {"name": "ok", "type": "boolean"}]}""");
    java.util.function.IntFunction<org.apache.avro.generic.GenericRecord> order = id -> {
      org.apache.avro.generic.GenericRecord record = new org.apache.avro.generic.GenericData.Record(schema);
      record.put("id", (long) id);
      record.put("name", id == 2 ? null : "n" + id);
      record.put("amount", java.nio.ByteBuffer.wrap(java.math.BigInteger.valueOf(1050L * id).toByteArray()));
      record.put("day", (int) java.time.LocalDate.of(2026, 1, id).toEpochDay());
      record.put("at", java.time.Instant.parse("2026-01-0" + id + "T10:00:00.000123Z").getEpochSecond() * 1_000_000L
          + 123);
      record.put("tags", List.of("a", "b" + id));
      record.put("ok", id % 2 == 1);
      return record;
    };
    Path folder = Files.createDirectories(gateway.data().resolve("ingest").resolve("avro"));
    writeAvro(folder.resolve("1.avro"), schema, List.of(order.apply(1), order.apply(2)));
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(rows(statement, "SELECT id, name, amount, day, CAST(at AS STRING), tags, ok, _rescued_data"
          + " FROM read_files('avro') ORDER BY id")).containsExactly(
              "1 | n1 | 10.50 | 2026-01-01 | 2026-01-01 10:00:00.000123 | [\"a\", \"b1\"] | true | null",
              "2 | null | 21.00 | 2026-01-02 | 2026-01-02 10:00:00.000123 | [\"a\", \"b2\"] | false | null");
      statement.execute("CREATE STREAMING TABLE orders_avro AS SELECT * FROM STREAM read_files('avro',"
          + " format => 'avro')");
      assertThat(rows(statement, "DESCRIBE TABLE orders_avro")).startsWith("id | bigint | null",
          "name | string | null", "amount | decimal(10,2) | null", "day | date | null", "at | timestamp | null",
          "tags | string | null", "ok | boolean | null");
      writeAvro(folder.resolve("2.avro"), schema, List.of(order.apply(3)));
      statement.execute("REFRESH STREAMING TABLE orders_avro");
      assertThat(rows(statement, "SELECT count(*), sum(amount) FROM orders_avro")).containsExactly("3 | 63.00");

      Files.writeString(folder.resolve("bad.avro"), "not avro");
      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM read_files('avro/bad.avro')"))
          .hasMessageStartingWith("[INVALID_PARAMETER_VALUE]").hasMessageContaining("not an Avro container file");
    }
  }

  @Test
  void parquetFilesBringTheirOwnSchema() throws Throwable {
    MessageType schema = MessageTypeParser.parseMessageType("""
        message spark_schema {
          required int64 id;
          optional binary name (STRING);
          optional int64 amount (DECIMAL(10,2));
          optional int32 day (DATE);
          optional int64 at (TIMESTAMP(MICROS,true));
          optional int96 legacy_at;
          optional int64 local_at (TIMESTAMP(MILLIS,false));
          optional group tags (LIST) { repeated group list { optional binary element (STRING); } }
          optional group attrs (MAP) { repeated group key_value { required binary key (STRING); optional int32 value; } }
          optional group address { optional binary city (STRING); optional int32 zip; }
          optional binary raw;
          optional boolean ok;
          optional int32 small (INTEGER(8,true));
          optional double score;
        }""");
    java.util.function.IntFunction<Group> order = id -> {
      Group record = new SimpleGroupFactory(schema).newGroup().append("id", (long) id)
          .append("amount", 1050L * id)
          .append("day", (int) java.time.LocalDate.of(2026, 1, id).toEpochDay())
          .append("local_at", java.time.LocalDateTime.of(2026, 1, id, 10, 0, 0, 500_000_000)
              .toInstant(java.time.ZoneOffset.UTC).toEpochMilli())
          .append("ok", id % 2 == 1).append("small", -id).append("score", id / 4.0);
      java.time.Instant at = java.time.Instant.parse("2026-01-0" + id + "T10:00:00.000123Z");
      record.append("at", at.getEpochSecond() * 1_000_000L + 123);
      // INT96 as Spark writes it: nanoseconds of the day, then the Julian day, little-endian
      java.nio.ByteBuffer int96 = java.nio.ByteBuffer.allocate(12).order(java.nio.ByteOrder.LITTLE_ENDIAN)
          .putLong(at.getEpochSecond() % 86_400 * 1_000_000_000L + at.getNano())
          .putInt((int) (at.getEpochSecond() / 86_400 + 2_440_588));
      record.append("legacy_at", Binary.fromConstantByteArray(int96.array()));
      Group tags = record.addGroup("tags");
      tags.addGroup("list").append("element", "a");
      if (id == 2) {
        tags.addGroup("list"); // a NULL element
      } else {
        record.append("name", "n" + id).append("raw", Binary.fromConstantByteArray(new byte[] {1, (byte) id}));
        record.addGroup("attrs").addGroup("key_value").append("key", "k" + id).append("value", id);
      }
      Group address = record.addGroup("address").append("city", "c" + id);
      if (id != 2) {
        address.append("zip", 100 + id);
      }
      return record;
    };
    Path folder = Files.createDirectories(gateway.data().resolve("ingest").resolve("parquet"));
    ParquetFiles.write(folder.resolve("1.parquet"), schema, CompressionCodecName.SNAPPY,
        List.of(order.apply(1), order.apply(2)));
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(rows(statement, "SELECT id, name, amount, day, CAST(at AS STRING), CAST(legacy_at AS STRING),"
          + " CAST(local_at AS STRING), tags, attrs, address, hex(raw), ok, small, score, _rescued_data"
          + " FROM read_files('parquet') ORDER BY id")).containsExactly(
              "1 | n1 | 10.50 | 2026-01-01 | 2026-01-01 10:00:00.000123 | 2026-01-01 10:00:00.000123"
                  + " | 2026-01-01 10:00:00.5 | [\"a\"] | {\"k1\":1} | {\"city\":\"c1\",\"zip\":101} | 0101 | true | -1"
                  + " | 0.25 | null",
              "2 | null | 21.00 | 2026-01-02 | 2026-01-02 10:00:00.000123 | 2026-01-02 10:00:00.000123"
                  + " | 2026-01-02 10:00:00.5 | [\"a\",null] | null | {\"city\":\"c2\"} | null | false | -2 | 0.5"
                  + " | null");
      assertThat(rows(statement, "SELECT address:city, attrs:k1 FROM read_files('parquet') WHERE id = 1"))
          .containsExactly("c1 | 1");

      statement.execute("CREATE STREAMING TABLE orders_parquet AS SELECT * FROM STREAM read_files('parquet',"
          + " format => 'parquet')");
      assertThat(rows(statement, "DESCRIBE TABLE orders_parquet")).startsWith("id | bigint | null",
          "name | string | null", "amount | decimal(10,2) | null", "day | date | null", "at | timestamp | null",
          "legacy_at | timestamp | null", "local_at | timestamp_ntz | null", "tags | string | null",
          "attrs | string | null", "address | string | null", "raw | binary | null", "ok | boolean | null",
          "small | tinyint | null", "score | double | null");
      // later files compressed otherwise: each page says its codec
      ParquetFiles.write(folder.resolve("2.parquet"), schema, CompressionCodecName.GZIP, List.of(order.apply(3)));
      ParquetFiles.write(folder.resolve("3.parquet"), schema, CompressionCodecName.ZSTD, List.of(order.apply(4)));
      ParquetFiles.write(folder.resolve("4.parquet"), schema, CompressionCodecName.UNCOMPRESSED,
          List.of(order.apply(5)));
      statement.execute("REFRESH STREAMING TABLE orders_parquet");
      assertThat(rows(statement, "SELECT count(*), sum(amount), max(CAST(at AS STRING)) FROM orders_parquet"))
          .containsExactly("5 | 157.50 | 2026-01-05 10:00:00.000123");

      // DEFAULT fills a column the Parquet source does not bring, as the CREATE STREAMING TABLE page says
      statement.execute("CREATE STREAMING TABLE parquet_defaults (id BIGINT, region STRING DEFAULT 'eu')"
          + " AS SELECT id FROM STREAM read_files('parquet', format => 'parquet')");
      assertThat(rows(statement, "SELECT count(*), min(region), max(region) FROM parquet_defaults"))
          .containsExactly("5 | eu | eu");

      // a declared schema keeps its columns and rescues the file's others
      assertThat(rows(statement, "SELECT id, name, _rescued_data IS NOT NULL FROM read_files('parquet/1.parquet',"
          + " schema => 'id BIGINT, name STRING') ORDER BY id")).containsExactly("1 | n1 | true", "2 | null | true");

      // pages damaged behind an intact footer
      Path damaged = Files.createDirectories(folder.resolveSibling("parquet_damaged")).resolve("d.parquet");
      ParquetFiles.write(damaged, schema, CompressionCodecName.SNAPPY, List.of(order.apply(1), order.apply(2)));
      byte[] bytes = Files.readAllBytes(damaged);
      for (int i = 4; i < 200; i++) {
        bytes[i] = (byte) 0x5a;
      }
      Files.write(damaged, bytes);
      assertThatThrownBy(() -> rows(statement, "SELECT * FROM read_files('parquet_damaged')"))
          .hasMessageStartingWith("[FAILED_READ_FILE.NO_HINT]").hasMessageContaining("`d.parquet`");
      Files.writeString(folder.resolve("bad.parquet"), "not parquet");
      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM read_files('parquet/bad.parquet')"))
          .hasMessageStartingWith("[INVALID_PARAMETER_VALUE]").hasMessageContaining("not a Parquet file");
    }
  }
}
