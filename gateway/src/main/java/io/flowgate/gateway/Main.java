package io.flowgate.gateway;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/** {@code java -jar flowgate-gateway.jar [--port N] [--bind ADDR] [--data DIR] [--memory]}. */
public final class Main {
  private Main() {}

  public static void main(String[] args) throws InterruptedException {
    GatewayConfig config;
    try {
      config = parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("flowgate: " + e.getMessage());
      System.err.println("usage: java -jar flowgate-gateway.jar [--port N] [--bind ADDR] [--data DIR] [--memory]");
      System.exit(2);
      return;
    }
    GatewayServer server = GatewayServer.start(config);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      stopped.countDown();
    }, "flowgate-shutdown"));
    System.out.println("flowgate listening on " + server.host() + ":" + server.port());
    System.out.flush();
    stopped.await();
  }

  static GatewayConfig parse(String[] args) {
    GatewayConfig config = GatewayConfig.defaults();
    for (int i = 0; i < args.length; i++) {
      String flag = args[i];
      switch (flag) {
        case "--port" -> config = config.withPort(Integer.parseInt(value(args, ++i, flag)));
        case "--bind" -> config = config.withBind(value(args, ++i, flag));
        case "--data" -> config = config.withData(Optional.of(Path.of(value(args, ++i, flag))));
        case "--memory" -> config = config.withData(Optional.empty());
        default -> throw new IllegalArgumentException("unknown flag " + flag);
      }
    }
    return config;
  }

  private static String value(String[] args, int index, String flag) {
    if (index >= args.length) {
      throw new IllegalArgumentException(flag + " needs a value");
    }
    return args[index];
  }
}
