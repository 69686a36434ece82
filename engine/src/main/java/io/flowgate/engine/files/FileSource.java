package io.flowgate.engine.files;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The files a {@code read_files} call reads: where (a folder, read recursively, or a glob, always inside an ingest
 * root), how (CSV or JSON lines and their options, {@code text} lines or whole files, {@code binaryFile}) and the
 * schema inferred from them (text and binaryFile have fixed columns).
 */
public record FileSource(Path base, String glob, String format, Csv.Format csv, boolean inferTypes,
    Map<String, SqlType> hints, Map<String, SqlType> declared, List<Path> roots, boolean wholeText) {
  /** The formats read_files reads, as the {@code format} option names them (in lower case). */
  private static final Set<String> FORMATS = Set.of("csv", "json", "text", "binaryfile", "avro",
      "parquet");

  /** Rows of each file that type inference looks at; values past them that do not fit are rescued. */
  private static final int SAMPLE_ROWS = 10_000;


  /** Resolves {@code read_files(path, options)} against the ingest roots; a path outside them is refused. */
  public static FileSource of(String written, Map<String, String> options, List<Path> roots, Span span) {
    if (roots.isEmpty()) {
      throw EngineException.of(ErrorClass.INSUFFICIENT_PERMISSIONS)
          .parameter("report", "read_files is off: the gateway has no ingest root (--ingest-root)").at(span).build();
    }
    String path = CloudPaths.local(written, "read_files", span);
    int glob = firstGlob(path);
    String fixed = glob < 0 ? path : path.substring(0, path.lastIndexOf('/', glob) + 1);
    Path base = Path.of(fixed.isEmpty() ? "." : fixed);
    base = (base.isAbsolute() ? base : roots.get(0).resolve(base)).toAbsolutePath().normalize();
    List<Path> realRoots = roots.stream().map(RealPaths::real).toList();
    // The real path decides, so a link inside a root cannot lead out of it.
    if (!RealPaths.inside(RealPaths.real(base), realRoots)) {
      throw RealPaths.outside("path", path, span);
    }
    String pattern = glob < 0 ? "" : base.resolve(path.substring(fixed.length())).toString();
    checkOptions(options, span);
    String format = options.containsKey("format") ? options.get("format").toLowerCase(Locale.ROOT)
        : formatOfFiles(list(base, pattern), span);
    if (!FORMATS.contains(format)) {
      throw Errors.notSupported("read_files format " + format + " (csv, json, avro, parquet, text and binaryFile are)", span);
    }
    String separator = options.getOrDefault("sep", options.getOrDefault("delimiter", ","));
    String quote = options.getOrDefault("quote", "\"");
    String escape = options.getOrDefault("escape", "\\");
    Map<String, SqlType> hints = columns(options.getOrDefault("schemahints", ""), "a schema hint", span);
    Map<String, SqlType> declared = columns(options.getOrDefault("schema", ""), "a schema column", span);
    if (!declared.isEmpty() && (format.equals("text") || format.equals("binaryfile"))) {
      throw Errors.notSupported("the read_files option schema with format " + format + " (its columns are fixed)",
          span);
    }
    Csv.Format csv = new Csv.Format(!"false".equalsIgnoreCase(options.getOrDefault("header", "true")),
        separator.isEmpty() ? ',' : separator.charAt(0), quote.isEmpty() ? 0 : quote.charAt(0),
        escape.isEmpty() ? 0 : escape.charAt(0));
    return new FileSource(base, pattern, format, csv,
        !"false".equalsIgnoreCase(options.getOrDefault("infercolumntypes", "true")), hints, declared, realRoots,
        "true".equalsIgnoreCase(options.getOrDefault("wholetext", "false")));
  }

  /** Without a format option, the files' extension says it, as the vendor's reader infers it. */
  private static String formatOfFiles(List<Path> files, Span span) {
    java.util.Set<String> formats = new java.util.TreeSet<>();
    for (Path file : files) {
      String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
      formats.add(name.endsWith(".json") || name.endsWith(".jsonl") || name.endsWith(".ndjson") ? "json"
          : name.endsWith(".csv") || name.endsWith(".tsv") || name.endsWith(".txt") ? "csv"
          : name.endsWith(".avro") ? "avro" : name.endsWith(".parquet") ? "parquet" : "?");
    }
    if (formats.size() == 1 && !formats.contains("?")) {
      return formats.iterator().next();
    }
    if (formats.isEmpty()) {
      return "csv";
    }
    throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`format`")
        .parameter("functionName", "`read_files`").parameter("message", "the format cannot be told from the files'"
            + " names; give format => 'csv' or 'json'").at(span).build();
  }

  /**
   * The options read_files takes; any other is refused rather than ignored. Rate limits are accepted: a triggered
   * update reads everything new. CSV records may always span lines inside quotes, so {@code multiLine} changes
   * nothing; only UTF-8 and the lenient (PERMISSIVE) mode exist.
   */
  private static final Set<String> OPTIONS = Set.of("format", "header", "sep", "delimiter", "quote", "escape",
      "schemahints", "infercolumntypes", "maxfilespertrigger", "maxbytespertrigger", "multiline", "encoding",
      "charset", "mode", "wholetext", "schema", "rescueddatacolumn", "schemaevolutionmode");

  /** {@code name TYPE, ...} of schemaHints or schema: scalar columns by lower-case name, in order. */
  private static Map<String, SqlType> columns(String text, String what, Span span) {
    Map<String, SqlType> columns = new LinkedHashMap<>();
    for (String column : topLevelCommaSplit(text)) {
      String[] parts = column.strip().split("\\s+", 2);
      if (parts.length == 2) {
        SqlType type = io.flowgate.engine.sql.parser.SqlParser.parseType(parts[1]);
        if (type.kind() == TypeKind.ARRAY || type.kind() == TypeKind.MAP || type.kind() == TypeKind.STRUCT
            || type.kind() == TypeKind.BINARY) {
          throw Errors.notSupported(what + " of type " + type.sql() + " (files give scalar columns; read"
              + " nested JSON as STRING and use from_json)", span);
        }
        columns.put(parts[0].toLowerCase(Locale.ROOT), type);
      } else if (!parts[0].isEmpty()) {
        throw Errors.typeMismatch("read_files", what + " is written `name TYPE`, not " + Errors.quote(column.strip()),
            span);
      }
    }
    return columns;
  }

  private static void checkOptions(Map<String, String> options, Span span) {
    for (Map.Entry<String, String> option : options.entrySet()) {
      String value = option.getValue().strip().toLowerCase(Locale.ROOT);
      boolean supported = switch (option.getKey()) {
        case "encoding", "charset" -> value.equals("utf-8") || value.equals("utf8");
        case "mode" -> value.equals("permissive");
        // New columns widen the schema as files bring them; with a declared schema, the columns stay and new
        // fields go to the rescued data column. Failing on new columns has no counterpart.
        case "schemaevolutionmode" -> value.equals("addnewcolumns")
            || (value.equals("rescue") || value.equals("none")) && options.containsKey("schema");
        default -> OPTIONS.contains(option.getKey());
      };
      if (!supported) {
        String why = option.getKey().equals("schemaevolutionmode") ? " (files' new columns widen an inferred schema,"
            + " addNewColumns; with schema => '...' the columns stay and new fields are rescued, rescue or none)" : "";
        throw Errors.notSupported("the read_files option " + option.getKey() + " = '" + option.getValue() + "'"
            + why, span);
      }
    }
  }

  /** Splits {@code a INT, b DECIMAL(10,2)} at the commas that are not inside parentheses or angle brackets. */
  private static List<String> topLevelCommaSplit(String text) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '(' || c == '<') {
        depth++;
      } else if (c == ')' || c == '>') {
        depth--;
      } else if (c == ',' && depth == 0) {
        parts.add(text.substring(start, i));
        start = i + 1;
      }
    }
    parts.add(text.substring(start));
    return parts;
  }

  /** Where a path's first glob character is; -1 when it has none (it names one file or folder). */
  public static int firstGlob(String path) {
    for (int i = 0; i < path.length(); i++) {
      if ("*?[{".indexOf(path.charAt(i)) >= 0) {
        return i;
      }
    }
    return -1;
  }

  /** Every matching file now, in path order. */
  public List<Path> files() {
    List<Path> files = list(base, glob);
    // A file inside the folder may be a link to one outside every root: such a file is refused, not read.
    for (Path file : files) {
      if (!RealPaths.inside(RealPaths.real(file), roots)) {
        String name = file.equals(base) ? file.getFileName().toString() : base.relativize(file).toString();
        throw RealPaths.outside("path", name, null);
      }
    }
    return files;
  }

  private static List<Path> list(Path base, String glob) {
    if (Files.isRegularFile(base)) {
      return List.of(base);
    }
    if (!Files.isDirectory(base)) {
      return List.of();
    }
    // A folder reached through a link is walked at its target; files keep the names they were asked by.
    Path walked = RealPaths.real(base);
    try (Stream<Path> walk = Files.walk(walked)) {
      PathMatcher matcher = glob.isEmpty() ? file -> true
          : FileSystems.getDefault().getPathMatcher("glob:" + glob);
      return walk.map(file -> base.resolve(walked.relativize(file))).filter(Files::isRegularFile)
          .filter(matcher::matches).filter(file -> !file.getFileName().toString().startsWith(".")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Opens a file of this source for reading its rows. */
  RowReader open(Path file) throws IOException {
    if (format.equals("binaryfile")) {
      return new BinaryFile(file);
    }
    if (format.equals("avro")) {
      return new AvroRows(file);
    }
    if (format.equals("parquet")) {
      return new ParquetRows(file);
    }
    BufferedReader reader = Files.newBufferedReader(file);
    return switch (format) {
      case "json" -> new JsonLines(reader);
      case "text" -> new TextLines(reader, wholeText);
      default -> new Csv(reader, csv);
    };
  }

  private static final Pattern INT = Pattern.compile("[+-]?\\d{1,9}");
  private static final Pattern BIGINT = Pattern.compile("[+-]?\\d{1,18}");
  private static final Pattern DOUBLE = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
  private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
  private static final Pattern TIMESTAMP = Pattern.compile("\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?Z?");

  /** Each file's inferred columns by path, size, modification time and options: an update re-reads only new files. */
  private static final Cache<String, Map<String, SqlType>> FILE_SCHEMAS = Caffeine.newBuilder().maximumSize(10_000)
      .build();

  /** The columns over every current file: names in first-seen order, types the narrowest that fits every value. */
  public Map<String, SqlType> schema() {
    if (format.equals("text")) {
      return Map.of(TextLines.COLUMN, SqlType.STRING);
    }
    if (format.equals("binaryfile")) {
      return BinaryFile.SCHEMA;
    }
    if (!declared.isEmpty()) {
      return declared;
    }
    Map<String, SqlType> schema = new LinkedHashMap<>();
    for (Path file : files()) {
      String key;
      try {
        key = this + "|" + file + ":" + Files.size(file) + ":" + Files.getLastModifiedTime(file).toMillis();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      FILE_SCHEMAS.get(key, k -> infer(file)).forEach((name, type) -> schema.merge(name, type, FileSource::widest));
    }
    schema.replaceAll((name, type) -> hints.getOrDefault(name.toLowerCase(Locale.ROOT), type == VOID_MARK
        ? SqlType.STRING : type));
    return java.util.Collections.unmodifiableMap(schema);
  }

  /** Stands for a column seen only with NULLs so far; it becomes STRING unless another file says more. */
  private static final SqlType VOID_MARK = SqlType.VOID;

  /** The columns of one file's first rows (an Avro file's from its header, a Parquet file's from its footer). */
  private Map<String, SqlType> infer(Path file) {
    if (format.equals("avro") || format.equals("parquet")) {
      try {
        return format.equals("avro") ? AvroRows.schema(file) : ParquetRows.schema(file);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    Map<String, SqlType> schema = new LinkedHashMap<>();
    try (RowReader rows = open(file)) {
      Map<String, String> row;
      for (int seen = 0; seen < SAMPLE_ROWS && (row = rows.next()) != null; seen++) {
        for (Map.Entry<String, String> cell : row.entrySet()) {
          SqlType type = cell.getValue() == null ? VOID_MARK : infer(cell.getValue());
          schema.merge(cell.getKey(), type, FileSource::widest);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return java.util.Collections.unmodifiableMap(schema);
  }

  private SqlType infer(String value) {
    if (!inferTypes) {
      return SqlType.STRING;
    }
    String text = value.strip();
    if (INT.matcher(text).matches()) {
      return SqlType.INT;
    }
    if (BIGINT.matcher(text).matches()) {
      return SqlType.BIGINT;
    }
    if (DOUBLE.matcher(text).matches()) {
      return SqlType.DOUBLE;
    }
    if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
      return SqlType.BOOLEAN;
    }
    if (DATE.matcher(text).matches()) {
      return SqlType.DATE;
    }
    if (TIMESTAMP.matcher(text).matches()) {
      return SqlType.TIMESTAMP;
    }
    return SqlType.STRING;
  }

  private static SqlType widest(SqlType a, SqlType b) {
    if (a == VOID_MARK) {
      return b;
    }
    if (b == VOID_MARK || a.equals(b)) {
      return a;
    }
    if (a.isNumeric() && b.isNumeric()) {
      return a.kind() == TypeKind.DOUBLE || b.kind() == TypeKind.DOUBLE ? SqlType.DOUBLE : SqlType.BIGINT;
    }
    return SqlType.STRING;
  }
}
