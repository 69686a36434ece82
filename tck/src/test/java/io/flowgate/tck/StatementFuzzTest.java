package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.fuzz.StatementFuzzer;
import io.flowgate.tck.harness.GatewayExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A bounded, seeded fuzz round on every build: 20,000 statements (override with {@code -Dflowgate.fuzz.count} and
 * {@code -Dflowgate.fuzz.seed}); {@code bench/run fuzz} is the long round. Each answer must be a result or a classified
 * error with nothing internal in it, and the gateway must answer afterwards.
 */
class StatementFuzzTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension(config -> config.withLimits(config.limits()
      .withStatementTimeout(StatementFuzzer.STATEMENT_TIMEOUT)));

  @Test
  void everyAnswerIsAResultOrAClassifiedError() throws Exception {
    int count = Integer.getInteger("flowgate.fuzz.count", 20_000);
    long seed = Long.getLong("flowgate.fuzz.seed", 20261201L);
    StatementFuzzer.Report report = new StatementFuzzer(gateway.url(), seed).run(count);
    System.out.print(report.summary());
    assertThat(report.statements()).isGreaterThanOrEqualTo(count);
    assertThat(report.answers()).containsKey("ok");
    assertThat(report.defects()).as(report.summary()).isEmpty();
  }
}
