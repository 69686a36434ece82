-- H2's own statements and functions are not part of the dialect: none of them can be reached
CREATE ALIAS shell FOR "java.lang.Runtime.exec";
> exception PARSE_SYNTAX_ERROR
RUNSCRIPT FROM '/etc/passwd';
> exception PARSE_SYNTAX_ERROR
SCRIPT TO '/tmp/dump.sql';
> exception PARSE_SYNTAX_ERROR
SET MODE MySQL;
> exception PARSE_SYNTAX_ERROR
SHUTDOWN;
> exception PARSE_SYNTAX_ERROR
CREATE LINKED TABLE x('org.h2.Driver', 'jdbc:h2:mem:', '', '', 'T');
> exception PARSE_SYNTAX_ERROR
CALL 1;
> exception PARSE_SYNTAX_ERROR
SELECT FILE_READ('/etc/passwd');
> exception UNRESOLVED_ROUTINE
SELECT CSVWRITE('/tmp/x.csv', 'SELECT 1');
> exception UNRESOLVED_ROUTINE
SELECT * FROM CSVREAD('/etc/passwd');
> exception UNRESOLVED_ROUTINE
SELECT LINK_SCHEMA('a', '', 'jdbc:h2:mem:', '', '', 'PUBLIC');
> exception UNRESOLVED_ROUTINE
SELECT DATABASE_PATH();
> exception UNRESOLVED_ROUTINE
SELECT H2VERSION();
> exception UNRESOLVED_ROUTINE
-- information_schema is the dialect's, computed from our catalog, never H2's
SELECT count(*) FROM INFORMATION_SCHEMA.TABLES WHERE upper(table_schema) IN ('FG_SYS', 'FG_DATA', 'PUBLIC', 'INFORMATION_SCHEMA');
> count(1)
> 0
> rows: 1
SELECT table_class FROM INFORMATION_SCHEMA.TABLES;
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
SELECT * FROM INFORMATION_SCHEMA.SETTINGS;
> exception TABLE_OR_VIEW_NOT_FOUND
SELECT * FROM FG_SYS.TABLES;
> exception TABLE_OR_VIEW_NOT_FOUND
SELECT * FROM FG_DATA.T1;
> exception TABLE_OR_VIEW_NOT_FOUND
SELECT * FROM "FG_DATA"."T1";
> exception PARSE_SYNTAX_ERROR
SELECT * FROM SYSTEM_RANGE(1, 10);
> exception UNRESOLVED_ROUTINE
-- quoting cannot be broken out of
CREATE TABLE `x"; DROP SCHEMA FG_SYS CASCADE; --` (`a"b` STRING);
> ok
INSERT INTO `x"; DROP SCHEMA FG_SYS CASCADE; --` VALUES ('it''s "quoted"; DROP TABLE x; --');
> update count 1
SELECT `a"b` FROM `x"; DROP SCHEMA FG_SYS CASCADE; --`;
> a"b
> it's "quoted"; DROP TABLE x; --
> rows: 1
SELECT 'a'' OR 1=1 --' AS s, "double ""quoted"" string" AS d;
> s | d
> a' OR 1=1 -- | double "quoted" string
> rows: 1
SELECT 1 /* a comment; with a semicolon */ ;
> 1
> 1
> rows: 1
SHOW TABLES LIKE 'x*';
> database | tableName | isTemporary
> default | x"; drop schema fg_sys cascade; -- | false
> rows: 1
DROP TABLE `x"; DROP SCHEMA FG_SYS CASCADE; --`;
> ok
