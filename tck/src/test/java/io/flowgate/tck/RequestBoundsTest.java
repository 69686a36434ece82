package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What one authenticated client may hold is bounded: a request body (413 beyond), the bodies held at once in all
 * (429 beyond), connections per user, statements per connection and a statement's time (classified errors), and
 * the gateway goes on serving everyone else.
 */
class RequestBoundsTest {
  private static final int MAX_REQUEST = 256 * 1024;

  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension(config -> config.withLimits(config.limits()
      .withMaxRequestBytes(MAX_REQUEST, 4L * MAX_REQUEST).withSessions(3, 5)
      .withStatementTimeout(java.time.Duration.ofSeconds(1))));

  private static Socket socket() throws IOException {
    Socket socket = new Socket("127.0.0.1", gateway.port());
    socket.setSoTimeout(20_000);
    return socket;
  }

  private static void sendHead(Socket socket, long contentLength) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " + contentLength
        + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** The status line of the answer, or "closed" when the server closed without one. */
  private static String statusLine(Socket socket) throws IOException {
    InputStream in = socket.getInputStream();
    StringBuilder line = new StringBuilder();
    for (int c = in.read(); c >= 0 && c != '\r'; c = in.read()) {
      line.append((char) c);
    }
    return line.isEmpty() ? "closed" : line.toString();
  }

  @Test
  void aBodyOverTheLimitIsRefusedWithoutBeingRead() throws Exception {
    try (Socket big = socket()) {
      sendHead(big, MAX_REQUEST + 1L);
      assertThat(statusLine(big)).contains("413");
    }
    assertStillServes();
  }

  @Test
  void bodiesHeldAtOnceShareOneBudget() throws Exception {
    List<Socket> stalled = new ArrayList<>();
    try {
      // Four bodies of the largest size, each half sent, fill the budget...
      for (int i = 0; i < 4; i++) {
        Socket socket = socket();
        stalled.add(socket);
        sendHead(socket, MAX_REQUEST);
        socket.getOutputStream().write(new byte[MAX_REQUEST / 2]);
        socket.getOutputStream().flush();
      }
      // ...so, once the gateway has read their heads, one more is answered 429 and closed.
      // Tried until the gateway has read the four heads, within a deadline (a count of tries ran out under load).
      String answer = "";
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
      while (!answer.contains("429") && System.nanoTime() < deadline) {
        try (Socket extra = socket()) {
          // A whole request, so that one let through (the heads above not read yet) is answered rather than kept.
          sendHead(extra, MAX_REQUEST);
          try {
            extra.getOutputStream().write(new byte[MAX_REQUEST]);
            extra.getOutputStream().flush();
          } catch (IOException refusedWhileSending) {
            // the gateway answered 429 and closed before the body was through
          }
          try {
            answer = statusLine(extra);
          } catch (IOException reset) {
            // Closed with the body unread, the socket may be reset before the 429 is read: only a refusal does that.
            answer = "429 (connection reset after the refusal)";
          }
        }
      }
      assertThat(answer).contains("429");
    } finally {
      for (Socket socket : stalled) {
        socket.close();
      }
    }
    // The budget comes back when those connections close.
    awaitServing();
  }

  @Test
  void connectionsPerUserAndStatementsPerConnectionAreBounded() throws Exception {
    try (Connection first = gateway.connect("bounded"); Connection second = gateway.connect("bounded");
        Connection third = gateway.connect("bounded")) {
      assertThatThrownBy(() -> gateway.connect("bounded").close()).isInstanceOf(SQLException.class)
          .hasMessageContaining("[TOO_MANY_CONNECTIONS]").hasMessageContaining("at most 3")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("53300"));
      // Another user is not affected.
      try (Connection other = gateway.connect("someone_else"); Statement statement = other.createStatement()) {
        assertThat(QueryRows.of(statement, "SELECT 1")).containsExactly("1");
      }
      List<Statement> statements = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        statements.add(first.createStatement());
      }
      assertThatThrownBy(first::createStatement).isInstanceOf(SQLException.class)
          .hasMessageContaining("[TOO_MANY_OPEN_STATEMENTS]")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("54000"));
      statements.get(0).close();
      try (Statement again = first.createStatement()) {
        assertThat(QueryRows.of(again, "SELECT 2")).containsExactly("2");
      }
      second.close();
      try (Connection fourth = gateway.connect("bounded"); Statement statement = fourth.createStatement()) {
        assertThat(QueryRows.of(statement, "SELECT 3")).containsExactly("3");
      }
    }
  }

  @Test
  void aStatementLongerThanTheTimeoutIsCanceled() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThatThrownBy(() -> QueryRows.of(statement, "SELECT count(*) FROM range(3000000000)"))
          .isInstanceOf(java.sql.SQLTimeoutException.class).hasMessageContaining("[STATEMENT_TIMEOUT_EXCEEDED]")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("HYT00"));
      assertThat(QueryRows.of(statement, "SELECT 4")).containsExactly("4");
    }
  }

  private static void assertStillServes() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(QueryRows.of(statement, "SELECT 1")).containsExactly("1");
    }
  }

  /** The closed connections' reservations are given back on the event loop, soon after the sockets close. */
  private static void awaitServing() throws Exception {
    SQLException last = null;
    for (int attempt = 0; attempt < 100; attempt++) {
      try {
        assertStillServes();
        return;
      } catch (SQLException e) {
        last = e;
        Thread.sleep(50);
      }
    }
    throw last;
  }
}
