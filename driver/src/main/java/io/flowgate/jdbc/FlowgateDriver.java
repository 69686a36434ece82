package io.flowgate.jdbc;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.DriverVersion;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.Driver;

/**
 * The Flowgate JDBC driver: {@code jdbc:flowgate://host[:port][/catalog[/schema]][?key=value&...]}, on Avatica's
 * remote driver over HTTP. Properties {@code user}, {@code password}, {@code catalog}, {@code schema} may be given
 * in the URL or as connection properties (the URL wins). Thread-safe; registered through {@code java.sql.Driver}
 * services.
 */
public final class FlowgateDriver extends Driver {
  public static final String PREFIX = "jdbc:flowgate:";
  static final int DEFAULT_PORT = 8765;
  static final String VERSION = "0.1.0";
  /** Chosen by the fetch benchmark in tck (see README): JSON rows are smaller and decode faster than protobuf here. */
  static final String DEFAULT_SERIALIZATION = "json";
  static final int DEFAULT_FETCH_SIZE = 5_000;
  /**
   * The session time zone a connection asks for (the dialect's {@code timezone} setting), under the name the gateway
   * reads: Avatica takes {@code timeZone} for the zone of its own date conversions, which must stay the client's.
   */
  static final String TIME_ZONE_PROPERTY = "flowgate_timezone";

  static {
    try {
      DriverManager.registerDriver(new FlowgateDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  protected String getConnectStringPrefix() {
    return PREFIX;
  }

  @Override
  protected DriverVersion createDriverVersion() {
    return new DriverVersion("Flowgate JDBC Driver", VERSION, "Flowgate", VERSION, true, 0, 1, 0, 1);
  }

  @Override
  public Meta createMeta(AvaticaConnection connection) {
    return NonFiniteNumbers.wrap(MetadataQueries.wrap(ConnectionSettings.wrap(BareHandles.wrap(
        super.createMeta(connection)))));
  }

  @Override
  public boolean acceptsURL(String url) {
    return url != null && url.startsWith(PREFIX);
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (url == null || !url.startsWith(PREFIX + "//")) {
      return null;
    }
    Properties properties = translate(url, info == null ? new Properties() : info);
    List<java.nio.file.Path> staging = Staging.allowedPaths(properties.getProperty(Staging.PROPERTY));
    // The allow-list is the client's own: the gateway is not told where the client may read and write.
    properties.remove(Staging.PROPERTY);
    try {
      // The bare prefix leaves Avatica nothing to parse from the URL: everything is in the properties.
      Connection connection = super.connect(PREFIX, properties);
      java.time.ZoneId zone = java.time.ZoneOffset.UTC;
      if (properties.getProperty(TIME_ZONE_PROPERTY) != null) {
        // The gateway resolved the zone it was asked for (LOCAL is its own); timestamps print in the one it took.
        try (java.sql.Statement statement = connection.createStatement();
            java.sql.ResultSet rows = statement.executeQuery("SELECT current_timezone()")) {
          rows.next();
          zone = java.time.ZoneId.of(rows.getString(1));
        } catch (SQLException e) {
          connection.close();
          throw e;
        }
      }
      return CleanErrors.wrap(connection, zone, staging);
    } catch (SQLException e) {
      throw CleanErrors.clean(e);
    } catch (RuntimeException e) {
      java.util.Optional<SQLException> refused = CleanErrors.fromServer(e);
      if (refused.isPresent()) {
        throw refused.get();
      }
      throw new SQLException("[CONNECTION_FAILED] Cannot connect to " + properties.getProperty("url") + ": "
          + e.getMessage() + " SQLSTATE: 08001", "08001", e);
    }
  }

  /** Turns a Flowgate URL and properties into Avatica's connection properties. */
  static Properties translate(String url, Properties info) throws SQLException {
    String rest = url.substring((PREFIX + "//").length());
    Properties properties = new Properties();
    properties.putAll(info);
    int query = rest.indexOf('?');
    if (query >= 0) {
      for (String pair : rest.substring(query + 1).split("&")) {
        if (pair.isEmpty()) {
          continue;
        }
        int equals = pair.indexOf('=');
        if (equals <= 0) {
          throw new SQLException("[INVALID_URL] Malformed URL parameter '" + pair + "' SQLSTATE: 08001", "08001");
        }
        properties.setProperty(decode(pair.substring(0, equals)), decode(pair.substring(equals + 1)));
      }
      rest = rest.substring(0, query);
    }
    String[] path = rest.split("/", -1);
    String hostPort = path[0];
    if (hostPort.isEmpty()) {
      throw new SQLException("[INVALID_URL] The URL names no host SQLSTATE: 08001", "08001");
    }
    if (!hostPort.contains(":") || hostPort.endsWith("]")) {
      hostPort = hostPort + ":" + DEFAULT_PORT;
    }
    if (path.length > 1 && !path[1].isEmpty()) {
      properties.setProperty("catalog", decode(path[1]));
    }
    if (path.length > 2 && !path[2].isEmpty()) {
      properties.setProperty("schema", decode(path[2]));
    }
    for (String key : List.copyOf(properties.stringPropertyNames())) {
      if (key.equalsIgnoreCase("timezone")) {
        properties.setProperty(TIME_ZONE_PROPERTY, properties.getProperty(key));
        properties.remove(key);
      }
      if (key.equalsIgnoreCase(Staging.PROPERTY) && !key.equals(Staging.PROPERTY)) {
        properties.setProperty(Staging.PROPERTY, properties.getProperty(key));
        properties.remove(key);
      }
    }
    if (properties.getProperty("schema") != null) {
      // Avatica does not forward "schema" to the server; the gateway reads it under this name.
      properties.setProperty("flowgate_schema", properties.getProperty("schema"));
    }
    boolean ssl = Boolean.parseBoolean(properties.getProperty("ssl", "false"));
    properties.setProperty("url", (ssl ? "https://" : "http://") + hostPort);
    properties.putIfAbsent("serialization", DEFAULT_SERIALIZATION);
    // Timestamps travel as microseconds, which ResultValues reads; Avatica's milliseconds would lose the rest.
    properties.setProperty("flowgate_timestamp_unit", "micros");
    // Avatica's default of 100 rows a frame costs a round trip per 100 rows; see the fetch benchmark.
    properties.putIfAbsent("fetch_size", String.valueOf(DEFAULT_FETCH_SIZE));
    // Avatica's client gives up on an answer after 3 minutes and reports the connection lost, while the statement
    // runs on in the gateway (TPC-H Q22 at SF 0.1 did). What bounds a statement is its query timeout, which the
    // gateway enforces (STATEMENT_TIMEOUT, two days unless set), so the client waits for the answer (0: no bound).
    properties.putIfAbsent("http_response_timeout", "0");
    if (properties.getProperty("user") != null) {
      // Avatica sends these to the server in openConnection; with HTTP authentication they also travel per request.
      properties.setProperty("avatica_user", properties.getProperty("user"));
      if (properties.getProperty("password") != null) {
        properties.setProperty("avatica_password", properties.getProperty("password"));
        // A gateway with --auth password checks every request's HTTP Basic credentials.
        properties.putIfAbsent("authentication", "BASIC");
      }
    }
    return properties;
  }

  private static String decode(String text) {
    return URLDecoder.decode(text, StandardCharsets.UTF_8);
  }
}
