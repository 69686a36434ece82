package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Raw HTTP against a gateway with short connection timeouts: a request that never finishes arriving and a socket
 * that only sits open are closed, a long statement is not cut off, and pipelined requests are answered in order.
 */
class SlowClientsTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension(config -> config.withLimits(config.limits()
      .withConnectionTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(2))));

  private static Socket socket() throws IOException {
    Socket socket = new Socket("127.0.0.1", gateway.port());
    socket.setSoTimeout(20_000);
    return socket;
  }

  /** Whether the server closed the connection (end of stream) before the read timed out. */
  private static boolean closedByServer(Socket socket) throws IOException {
    try {
      InputStream in = socket.getInputStream();
      while (in.read() >= 0) {
        // drain anything it said before closing
      }
      return true;
    } catch (SocketTimeoutException stillOpen) {
      return false;
    }
  }

  @Test
  void halfSentRequestsAndIdleSocketsAreClosed() throws Exception {
    try (Socket halfSent = socket(); Socket idle = socket()) {
      OutputStream out = halfSent.getOutputStream();
      out.write(("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"request\":").getBytes(
          StandardCharsets.US_ASCII));
      out.flush();
      assertThat(closedByServer(halfSent)).as("a request that never finishes").isTrue();
      assertThat(closedByServer(idle)).as("a socket that only sits open").isTrue();
    }
    try (Socket trickle = socket()) {
      // Headers a byte at a time, slower than the request deadline allows in all.
      OutputStream out = trickle.getOutputStream();
      boolean closed = false;
      for (byte b : "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}".getBytes(StandardCharsets.US_ASCII)) {
        try {
          out.write(b);
          out.flush();
        } catch (IOException reset) {
          closed = true;
          break;
        }
        Thread.sleep(200);
      }
      assertThat(closed || closedByServer(trickle)).as("a request sent a byte at a time").isTrue();
    }
  }

  @Test
  void aLongStatementOutlastsTheIdleTimeout() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(QueryRows.of(statement, "SELECT sum(id % 7) FROM range(20000000)"))
          .containsExactly(String.valueOf(sum(20_000_000)));
    }
  }

  private static long sum(long n) {
    long total = 0;
    for (long i = 0; i < n; i++) {
      total += i % 7;
    }
    return total;
  }

  private static String request(String json) {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    return "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " + body.length
        + "\r\n\r\n" + json;
  }

  /** Reads one HTTP response (headers, then Content-Length bytes) and returns its body. */
  private static String response(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("closed after " + head);
      }
      head.write(b);
    }
    int length = 0;
    for (String line : head.toString(StandardCharsets.US_ASCII).split("\r\n")) {
      if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(15).trim());
      }
    }
    return new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }

  @Test
  void pipelinedRequestsAreAnsweredInOrder() throws Exception {
    try (Socket socket = socket()) {
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      out.write(request("{\"request\":\"openConnection\",\"connectionId\":\"pipe-1\",\"info\":{}}")
          .getBytes(StandardCharsets.UTF_8));
      response(in);
      List<Integer> statements = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        out.write(request("{\"request\":\"createStatement\",\"connectionId\":\"pipe-1\"}")
            .getBytes(StandardCharsets.UTF_8));
        statements.add(Integer.parseInt(response(in).replaceAll(".*\"statementId\":(\\d+).*", "$1")));
      }
      String[] queries = {"SELECT concat('SLOW', sum(id % 7)) FROM range(5000000)", "SELECT 'FAST1'",
          "SELECT 'FAST2'"};
      StringBuilder all = new StringBuilder();
      for (int i = 0; i < 3; i++) {
        all.append(request("{\"request\":\"prepareAndExecute\",\"connectionId\":\"pipe-1\",\"statementId\":"
            + statements.get(i) + ",\"sql\":\"" + queries[i] + "\",\"maxRowCount\":-1}"));
      }
      out.write(all.toString().getBytes(StandardCharsets.UTF_8));
      out.flush();
      assertThat(response(in)).contains("SLOW");
      assertThat(response(in)).contains("FAST1");
      assertThat(response(in)).contains("FAST2");
    }
  }
}
