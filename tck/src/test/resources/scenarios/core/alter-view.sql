-- ALTER VIEW ... AS: a view's new query; its comment and grants stay
CREATE CATALOG av_cat;
> ok
USE CATALOG av_cat;
> ok
CREATE USER av_ann PASSWORD 'a';
> ok
GRANT USE CATALOG ON CATALOG av_cat TO av_ann;
> ok
GRANT USE SCHEMA ON SCHEMA av_cat.default TO av_ann;
> ok
CREATE TABLE t (id INT, v STRING);
> ok
INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c');
> update count 3
CREATE VIEW v COMMENT 'the big ones' AS SELECT id FROM t WHERE id > 1;
> ok
GRANT SELECT ON TABLE v TO av_ann;
> ok
ALTER VIEW v AS SELECT id, upper(v) AS v FROM t WHERE id > 2;
> ok
SELECT * FROM v;
> id | v
> 3 | C
> rows: 1
--@ user av_ann
SELECT * FROM av_cat.default.v;
> id | v
> 3 | C
> rows: 1
ALTER VIEW av_cat.default.v AS SELECT 1 AS id;
> exception INSUFFICIENT_PERMISSIONS
--@ user admin
ALTER VIEW t AS SELECT 1 AS id;
> exception WRONG_COMMAND_FOR_OBJECT_TYPE
ALTER VIEW v AS SELECT nope FROM t;
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
ALTER VIEW v RENAME TO w;
> exception FEATURE_NOT_SUPPORTED
ALTER VIEW nowhere AS SELECT 1;
> exception TABLE_OR_VIEW_NOT_FOUND
