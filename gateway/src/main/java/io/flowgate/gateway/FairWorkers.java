package io.flowgate.gateway;

import io.flowgate.gateway.netty.AvaticaHttpHandler;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The worker threads that run engine calls, shared fairly: requests of one client (a user, or an address when
 * clients are not authenticated) occupy at most {@code perClient} workers at once, and the rest of its requests wait
 * in a queue of its own, so one client's slow queries never leave everyone else unanswered. At most {@code
 * maxWaiting} requests wait in all; beyond that {@link #submit} refuses. Thread-safe.
 */
public final class FairWorkers implements AvaticaHttpHandler.Dispatcher, AutoCloseable {
  private final ThreadPoolExecutor pool;
  private final int perClient;
  private final int maxWaiting;
  private final Map<String, Client> clients = new HashMap<>();
  private int waiting;

  /** One client's running count and waiting requests. */
  private static final class Client {
    int running;
    final Queue<Runnable> queue = new ArrayDeque<>();
  }

  public FairWorkers(int workers, int perClient, int maxWaiting, long stackBytes) {
    AtomicInteger threads = new AtomicInteger();
    // The pool's own queue holds at most workers x clients entries: each client has at most perClient in it.
    this.pool = new ThreadPoolExecutor(workers, workers, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
        runnable -> {
          Thread thread = new Thread(null, runnable, "flowgate-worker-" + threads.incrementAndGet(), stackBytes);
          thread.setDaemon(true);
          return thread;
        });
    this.perClient = perClient;
    this.maxWaiting = maxWaiting;
  }

  @Override
  public boolean submit(String client, Runnable task) {
    Runnable next;
    synchronized (this) {
      Client state = clients.computeIfAbsent(client, key -> new Client());
      if (state.running >= perClient) {
        if (waiting >= maxWaiting) {
          return false;
        }
        state.queue.add(task);
        waiting++;
        return true;
      }
      state.running++;
      next = task;
    }
    pool.execute(() -> runThenNext(client, next));
    return true;
  }

  private void runThenNext(String client, Runnable task) {
    Runnable current = task;
    while (current != null) {
      try {
        current.run();
      } finally {
        synchronized (this) {
          Client state = clients.get(client);
          current = state.queue.poll();
          if (current != null) {
            waiting--;
          } else if (--state.running == 0) {
            clients.remove(client);
          }
        }
      }
    }
  }

  /** Requests running or waiting for a worker now. */
  public synchronized int busy() {
    return clients.values().stream().mapToInt(client -> client.running + client.queue.size()).sum();
  }

  /** Stops taking work and waits up to {@code seconds} for what runs to end; returns whether it ended. */
  public boolean shutdown(long seconds) throws InterruptedException {
    pool.shutdown();
    return pool.awaitTermination(seconds, TimeUnit.SECONDS);
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
