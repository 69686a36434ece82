-- Correlated scalar subqueries: those that aggregate one table by equalities with the outer row run as one grouped query (see sql-surface.md); the answers are the same either way
CREATE CATALOG cs_cat;
> ok
USE CATALOG cs_cat;
> ok
CREATE TABLE part (pk INT, brand STRING);
> ok
INSERT INTO part VALUES (1, 'a'), (2, 'a'), (3, 'b'), (4, 'a'), (NULL, 'a');
> update count 5
CREATE TABLE item (pk INT, sk INT, qty INT, price DECIMAL(10,2));
> ok
INSERT INTO item VALUES (1, 1, 10, 1.00), (1, 1, 20, 2.00), (1, 2, 30, 3.00), (2, 1, 5, 4.00), (2, 1, 15, 5.00), (3, 1, 7, 6.00), (NULL, 1, 100, 7.00);
> update count 7
-- TPC-H Q17's shape: a fraction of each part's average
SELECT i.pk, i.qty FROM item i, part p WHERE p.pk = i.pk AND p.brand = 'a' AND i.qty < (SELECT 0.8 * avg(qty) FROM item WHERE pk = p.pk) ORDER BY i.pk, i.qty;
> pk | qty
> 1 | 10
> 2 | 5
> rows: 2
-- in the select list; a key with no rows reads NULL, and a count 0
SELECT p.pk, (SELECT max(qty) FROM item WHERE item.pk = p.pk) AS most, (SELECT count(*) FROM item WHERE item.pk = p.pk) AS n, (SELECT sum(price) - min(price) FROM item WHERE item.pk = p.pk AND qty > 5) AS spread FROM part p ORDER BY p.pk NULLS FIRST;
> pk | most | n | spread
> null | null | 0 | null
> 1 | 30 | 3 | 5.00
> 2 | 15 | 2 | 0.00
> 3 | 7 | 1 | 0.00
> 4 | null | 0 | null
> rows: 5
-- TPC-H Q20's shape: two keys, and a table that is its own outer query under another alias
SELECT p.pk, s.sk FROM part p, (VALUES (1), (2)) AS s(sk) WHERE p.pk IS NOT NULL AND 20 < (SELECT sum(qty) FROM item WHERE item.pk = p.pk AND item.sk = s.sk) ORDER BY 1, 2;
> pk | sk
> 1 | 1
> 1 | 2
> rows: 2
SELECT i.pk, i.qty FROM item i WHERE i.qty > (SELECT avg(x.qty) FROM item x WHERE x.pk = i.pk) ORDER BY 1, 2;
> pk | qty
> 1 | 30
> 2 | 15
> rows: 2
-- a correlation other than equality stays a correlated subquery
SELECT p.pk FROM part p WHERE 15 < (SELECT max(qty) FROM item WHERE item.pk <= p.pk) ORDER BY 1;
> pk
> 1
> 2
> 3
> 4
> rows: 4
-- the outer key may be any expression of the outer row; the inner one any of the table's
SELECT p.pk, (SELECT sum(qty) FROM item WHERE item.pk * 2 = p.pk + 2) AS s FROM part p WHERE p.pk IS NOT NULL ORDER BY 1;
> pk | s
> 1 | null
> 2 | 20
> 3 | null
> 4 | 7
> rows: 4
-- EXISTS correlated by equalities runs as membership of the outer keys among the table's; a NULL outer key is never a member, so NOT EXISTS keeps its row
SELECT p.pk FROM part p WHERE EXISTS (SELECT * FROM item WHERE item.pk = p.pk AND qty > 10) ORDER BY 1 NULLS FIRST;
> pk
> 1
> 2
> rows: 2
SELECT p.pk FROM part p WHERE NOT EXISTS (SELECT 1 FROM item WHERE item.pk = p.pk AND qty > 10) ORDER BY 1 NULLS FIRST;
> pk
> null
> 3
> 4
> rows: 3
SELECT p.pk, EXISTS (SELECT * FROM item WHERE item.pk = p.pk) AS has FROM part p ORDER BY 1 NULLS FIRST;
> pk | has
> null | false
> 1 | true
> 2 | true
> 3 | true
> 4 | false
> rows: 5
SELECT p.pk, s.sk FROM part p, (VALUES (1), (2)) AS s(sk) WHERE EXISTS (SELECT * FROM item WHERE item.pk = p.pk AND item.sk = s.sk) ORDER BY 1, 2;
> pk | sk
> 1 | 1
> 1 | 2
> 2 | 1
> 3 | 1
> rows: 4
-- keys of different types compare as the dialect's = does (here the subquery stays correlated)
SELECT p.pk FROM part p WHERE EXISTS (SELECT * FROM item WHERE item.pk = CAST(p.pk AS STRING)) ORDER BY 1;
> pk
> 1
> 2
> 3
> rows: 3
-- a count alone is grouped too, and reads 0 for a key with no rows, also next to a window function
SELECT p.pk, (SELECT count(DISTINCT sk) FROM item WHERE item.pk = p.pk) AS kinds, (SELECT count(*) FROM item WHERE item.pk = p.pk) AS n, row_number() OVER (ORDER BY p.pk) AS rn FROM part p ORDER BY p.pk NULLS FIRST;
> pk | kinds | n | rn
> null | 0 | 0 | 1
> 1 | 2 | 3 | 2
> 2 | 1 | 2 | 3
> 3 | 1 | 1 | 4
> 4 | 0 | 0 | 5
> rows: 5
