-- struct field names that need quoting keep every listing readable for everyone (a field `a,b` once broke
-- information_schema.columns and getColumns for every user)
CREATE CATALOG odd_cat;
> ok
USE CATALOG odd_cat;
> ok
CREATE TABLE odd (id INT, s STRUCT<`a,b`: INT, `c:d`: STRING, `e>f`: INT, `g``h`: INT, plain: INT>);
> ok
INSERT INTO odd VALUES (1, named_struct('a,b', 1, 'c:d', 'x', 'e>f', 2, 'g`h', 3, 'plain', 4));
> update count 1
SELECT s.`a,b`, s.`c:d`, s.`e>f`, s.`g``h`, s.plain FROM odd;
> a,b | c:d | e>f | g`h | plain
> 1 | x | 2 | 3 | 4
> rows: 1
DESCRIBE TABLE odd;
> col_name | data_type | comment
> id | int | null
> s | struct<`a,b`:int,`c:d`:string,`e>f`:int,`g``h`:int,plain:int> | null
> rows: 2
SELECT column_name, full_data_type, data_type FROM information_schema.columns WHERE table_name = 'odd' ORDER BY ordinal_position;
> column_name | full_data_type | data_type
> id | int | INT
> s | struct<`a,b`:int,`c:d`:string,`e>f`:int,`g``h`:int,plain:int> | STRUCT
> rows: 2
CREATE TABLE odd_copy AS SELECT * FROM odd;
> ok
SELECT s.`g``h` FROM odd_copy;
> g`h
> 3
> rows: 1
USE CATALOG main;
> ok
DROP CATALOG odd_cat CASCADE;
> ok
