package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import sqlline.SqlLine;

/** sqlline, a third-party JDBC client, runs a script against the gateway through the Flowgate driver. */
class SqllineTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @Test
  void runsAScript() throws IOException {
    Path script = Files.createTempFile("flowgate", ".sql");
    Files.writeString(script, String.join("\n",
        "!outputformat csv",
        "CREATE TABLE fruit (name STRING, qty INT);",
        "INSERT INTO fruit VALUES ('apple', 3), ('pear', 5);",
        "SELECT name, qty * 2 AS doubled FROM fruit ORDER BY name;",
        "SELECT nope FROM fruit;",
        "!tables",
        ""));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    SqlLine sqlline = new SqlLine();
    sqlline.setOutputStream(new PrintStream(out, true, StandardCharsets.UTF_8));
    sqlline.setErrorStream(new PrintStream(out, true, StandardCharsets.UTF_8));
    SqlLine.Status status = sqlline.begin(new String[] {"-u", gateway.url(), "-n", "carol", "-p", "",
        "--run=" + script, "--force=true", "--maxWidth=200"}, null, false);
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("'name','doubled'", "'apple','6'", "'pear','10'");
    assertThat(text).contains("[UNRESOLVED_COLUMN.WITH_SUGGESTION]", "SQLSTATE: 42703");
    assertThat(text).contains("'main','default','fruit','TABLE'");
    assertThat(status).isNotNull();
    Files.delete(script);
  }
}
