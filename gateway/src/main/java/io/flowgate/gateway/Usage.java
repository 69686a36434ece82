package io.flowgate.gateway;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** What {@code --help} and {@code --version} print. */
final class Usage {
  private Usage() {}

  /** The project's version, as the build wrote it into the jar. */
  static String version() {
    try (InputStream in = Usage.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version", "unknown");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static final String TEXT = """
      Flowgate %s: a SQL gateway for declarative streaming pipelines, spoken to over JDBC.

      Serve (the default):
        java -jar flowgate-gateway.jar [flags]

        --port N                          port to listen on (default %d; 0 picks a free one)
        --bind ADDR                       address to listen on (default 127.0.0.1)
        --data DIR                        data folder of the H2 store (default ./flowgate-data)
        --memory                          keep everything in memory instead; gone when the gateway stops
        --ingest-root DIR                 a folder read_files and external volumes may read; repeatable
                                          (default: DIR/ingest under the data folder)
        --auth trust|password             trust takes the user name a client gives (loopback only; default);
                                          password checks HTTP Basic credentials on every request
        --admin-password-file FILE        the administrator's first password (or set FLOWGATE_ADMIN_PASSWORD)
        --tls-cert FILE --tls-key FILE    serve HTTPS only, with this PEM certificate chain and PKCS#8 PEM key
        --statement-timeout-seconds N     cancel a statement running longer (default 172800)
        --transaction-idle-timeout-seconds N
                                          abort a transaction idle this long (default %d)
        --result-idle-seconds N           close a result nobody fetches from this long (default 120)
        --request-timeout-seconds N       a request must arrive whole within this (default 60)
        --idle-timeout-seconds N          close an HTTP connection idle this long (default 300)
        --max-request-bytes N             the largest request body (default 16777216)
        --max-connections-per-user N      open connections one user may hold (default 64)
        --max-statements-per-connection N open statements one connection may hold (default 1000)
        --schedule-floor-seconds N        least time between two scheduled refreshes of a table (default 60,
                                          the vendor's; lower it only to test schedules)
        --log-level LEVEL                 error, warn, info (default), debug or trace; logs go to stderr
        --help                            print this and exit
        --version                         print the version and exit

        GET /health answers 200 while the process serves; GET /ready answers 200 while the store is open and
        503 while the gateway stops. SIGTERM stops it: running statements get 30 s to finish.

      Run a pipeline project once and exit (0 when the update completed, 1 when it failed, 2 on bad usage):
        java -jar flowgate-gateway.jar run PIPELINE_DIR [--data DIR] [--full-refresh] [--ingest-root DIR]...
                                          [--log-level LEVEL]

        PIPELINE_DIR                      a folder of .sql files defining the pipeline's datasets and flows
        --data DIR                        the store to run on (default ./flowgate-data); not one a gateway holds
        --full-refresh                    clear the datasets and their checkpoints first
      """;

  static String text() {
    return String.format(java.util.Locale.ROOT, TEXT, version(), GatewayConfig.DEFAULT_PORT,
        io.flowgate.engine.EngineConfig.DEFAULT_TRANSACTION_IDLE_TIMEOUT.toSeconds());
  }
}
