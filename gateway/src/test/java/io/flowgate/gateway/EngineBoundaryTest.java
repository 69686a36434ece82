package io.flowgate.gateway;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The gateway talks to the engine through its API ({@code io.flowgate.engine}: Engine, Session, listings;
 * {@code io.flowgate.engine.api}: results, cursors, columns) and the types those carry (errors, SQL types), never
 * through the engine's parser, planner, executors, pipelines, security or store.
 */
class EngineBoundaryTest {
  private static final JavaClasses GATEWAY = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.flowgate.gateway");

  @Test
  void theGatewayUsesOnlyTheEnginesApi() {
    noClasses().should().dependOnClassesThat().resideInAnyPackage("io.flowgate.engine.sql..",
        "io.flowgate.engine.plan..", "io.flowgate.engine.exec..", "io.flowgate.engine.pipeline..",
        "io.flowgate.engine.security..", "io.flowgate.engine.storage..", "io.flowgate.engine.h2..",
        "io.flowgate.engine.files..", "org.h2..").check(GATEWAY);
  }
}
