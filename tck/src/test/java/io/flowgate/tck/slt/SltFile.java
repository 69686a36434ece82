package io.flowgate.tck.slt;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a SQLLogicTest file (the format of sqlite.org's sqllogictest, as net.hydromatic:sql-logic-test ships it).
 * Records for other engines ({@code onlyif sqlite} ...) are left out; {@code skipif} names other engines, so its
 * record is kept; a {@code halt} that applies here ends the file.
 */
final class SltFile {
  private SltFile() {}

  static List<SltRecord> parse(List<String> lines) {
    List<SltRecord> records = new ArrayList<>();
    int i = 0;
    while (i < lines.size()) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#") || line.startsWith("hash-threshold")) {
        i++;
        continue;
      }
      boolean elsewhere = false;
      while (line.startsWith("skipif") || line.startsWith("onlyif")) {
        elsewhere |= line.startsWith("onlyif");
        line = lines.get(++i).strip();
      }
      if (line.equals("halt")) {
        if (elsewhere) {
          i++;
          continue;
        }
        break;
      }
      int start = i + 1;
      String[] head = line.split("\\s+");
      i++;
      StringBuilder sql = new StringBuilder();
      while (i < lines.size() && !lines.get(i).isBlank() && !lines.get(i).equals("----")) {
        sql.append(sql.length() == 0 ? "" : "\n").append(lines.get(i));
        i++;
      }
      List<String> expected = new ArrayList<>();
      if (i < lines.size() && lines.get(i).equals("----")) {
        i++;
        while (i < lines.size() && !lines.get(i).isBlank()) {
          expected.add(lines.get(i).strip());
          i++;
        }
      }
      if (elsewhere) {
        continue;
      }
      if (head[0].equals("statement")) {
        records.add(new SltRecord.Statement(start, sql.toString(), head[1].equals("error")));
      } else if (head[0].equals("query")) {
        records.add(new SltRecord.Query(start, sql.toString(), head[1], head.length > 2 ? head[2] : "nosort",
            expected));
      } else {
        throw new IllegalArgumentException("unknown record at line " + start + ": " + line);
      }
    }
    return records;
  }
}
