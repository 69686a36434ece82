package io.flowgate.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The engine's package rules, checked on its compiled classes. The statement's path runs down: the parser knows only
 * the tree; the analyzer the tree, the catalog and the access control, and writes no H2 SQL; the H2 SQL tree and its
 * printer ({@code h2}) know only the types; storage knows no planner;
 * no two packages depend on each other both ways; nothing below the entry points ({@code Engine}, {@code Session})
 * depends on them, and what they hand out ({@code api}) is a leaf.
 */
class ArchitectureTest {
  private static final JavaClasses ENGINE = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.flowgate.engine");

  @Test
  void packagesBelowTheApiHaveNoCycles() {
    slices().matching("io.flowgate.engine.(**)").should().beFreeOfCycles().check(ENGINE);
  }

  @Test
  void nothingBelowTheEntryPointsDependsOnThem() {
    noClasses().that().resideOutsideOfPackage("io.flowgate.engine").should().dependOnClassesThat()
        .resideInAPackage("io.flowgate.engine").check(ENGINE);
  }

  @Test
  void whatTheApiHandsOutIsALeaf() {
    classes().that().resideInAPackage("io.flowgate.engine.api").should().onlyDependOnClassesThat()
        .resideInAnyPackage("io.flowgate.engine.api", "io.flowgate.engine.type", "java..").check(ENGINE);
  }

  @Test
  void theTreeKnowsOnlyItselfAndTypes() {
    classes().that().resideInAPackage("io.flowgate.engine.sql.tree").should().onlyDependOnClassesThat()
        .resideInAnyPackage("io.flowgate.engine.sql.tree", "io.flowgate.engine.type", "java..")
        .check(ENGINE);
  }

  @Test
  void parsingKnowsOnlyTheTree() {
    classes().that().resideInAPackage("io.flowgate.engine.sql.parser").should().onlyDependOnClassesThat()
        .resideInAnyPackage("io.flowgate.engine.sql..", "io.flowgate.engine.error", "io.flowgate.engine.type", "java..")
        .check(ENGINE);
  }

  /**
   * The analysis reads the tree, the catalog, the files a statement names and the injected access control; it knows
   * nothing of the planner that writes what it found, the executors or the store.
   */
  @Test
  void theAnalysisDependsOnNoPlannerOrStore() {
    classes().that().resideInAPackage("io.flowgate.engine.sql.analyzer").should().onlyDependOnClassesThat()
        .resideInAnyPackage("io.flowgate.engine.sql..", "io.flowgate.engine.error", "io.flowgate.engine.type",
            "io.flowgate.catalog..", "io.flowgate.engine.security", "io.flowgate.engine.files", "io.flowgate.engine.h2",
            "java..")
        .check(ENGINE);
  }

  /**
   * The analysis builds no H2 SQL; the planner's writers ({@code ExpressionWriter}, {@code RelationWriter},
   * {@code QueryWriter}) turn what it found into it. The function registry keeps each function's spelling in its one
   * entry, for the writers; the analysis reads only its names, arities and types.
   */
  @Test
  void theAnalysisWritesNoH2Sql() {
    noClasses().that().resideInAPackage("io.flowgate.engine.sql.analyzer")
        .and().haveNameNotMatching("io\\.flowgate\\.engine\\.sql\\.analyzer\\.FunctionRegistry(\\$.*)?")
        .should().dependOnClassesThat().belongToAnyOf(io.flowgate.engine.h2.Sql.class,
            io.flowgate.engine.h2.H2Statement.class, io.flowgate.engine.h2.SqlPrinter.class)
        .check(ENGINE);
  }

  @Test
  void theH2VocabularyAndTheStoreDependOnNoPlanner() {
    classes().that().resideInAPackage("io.flowgate.engine.h2").should().onlyDependOnClassesThat()
        .resideInAnyPackage("io.flowgate.engine.h2", "io.flowgate.engine.type", "java..").check(ENGINE);
    noClasses().that().resideInAPackage("io.flowgate.engine.storage").should().dependOnClassesThat()
        .resideInAnyPackage("io.flowgate.engine.plan..", "io.flowgate.engine.exec..", "io.flowgate.engine.pipeline..",
            "io.flowgate.engine.sql..")
        .check(ENGINE);
  }

  @Test
  void privilegesAreCheckedThroughTheInjectedAccessControl() {
    noClasses().that().doNotHaveFullyQualifiedName("io.flowgate.engine.Engine").should()
        .callConstructor(io.flowgate.engine.security.Privileges.class, io.flowgate.catalog.CatalogService.class)
        .check(ENGINE);
  }

  @Test
  void onlyTheStoreTouchesH2AndItsPool() {
    noClasses().that().resideOutsideOfPackage("io.flowgate.engine.storage").should().dependOnClassesThat()
        .resideInAnyPackage("org.h2..", "com.zaxxer.hikari..").check(ENGINE);
  }

  @Test
  void onlyTheFileReadersTouchFileFormatLibraries() {
    noClasses().that().resideOutsideOfPackage("io.flowgate.engine.files").should().dependOnClassesThat()
        .resideInAnyPackage("org.apache.avro..", "org.apache.parquet..", "io.airlift.compress..").check(ENGINE);
  }
}
