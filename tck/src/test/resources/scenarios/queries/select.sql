CREATE CATALOG q_cat;
> ok
USE CATALOG q_cat;
> ok
CREATE TABLE emp (id INT, name STRING, dept STRING, salary DECIMAL(10,2), manager INT);
> ok
INSERT INTO emp VALUES
  (1, 'Ada', 'eng', 120.00, NULL),
  (2, 'Bob', 'eng', 100.00, 1),
  (3, 'Cy', 'ops', 90.00, 1),
  (4, 'Di', 'ops', 95.50, 3),
  (5, 'Ed', NULL, 50.00, NULL);
> update count 5
CREATE TABLE dept (code STRING, title STRING);
> ok
INSERT INTO dept VALUES ('eng', 'Engineering'), ('ops', 'Operations'), ('hr', 'People');
> update count 3
-- joins
SELECT e.name, d.title FROM emp e JOIN dept d ON e.dept = d.code ORDER BY e.id;
> name | title
> Ada | Engineering
> Bob | Engineering
> Cy | Operations
> Di | Operations
> rows: 4
SELECT e.name, d.title FROM emp e LEFT JOIN dept d ON e.dept = d.code WHERE e.id > 3 ORDER BY e.id;
> name | title
> Di | Operations
> Ed | null
> rows: 2
SELECT d.code, e.name FROM emp e RIGHT OUTER JOIN dept d ON e.dept = d.code WHERE e.name IS NULL;
> code | name
> hr | null
> rows: 1
SELECT count(*) FROM emp CROSS JOIN dept;
> count(1)
> 15
> rows: 1
SELECT code FROM dept LEFT SEMI JOIN emp ON emp.dept = dept.code ORDER BY code;
> code
> eng
> ops
> rows: 2
SELECT code FROM dept LEFT ANTI JOIN emp ON emp.dept = dept.code;
> code
> hr
> rows: 1
SELECT e.name, m.name AS boss FROM emp e JOIN emp m ON e.manager = m.id ORDER BY e.name;
> name | boss
> Bob | Ada
> Cy | Ada
> Di | Cy
> rows: 3
-- subqueries
SELECT name FROM emp WHERE salary > (SELECT avg(salary) FROM emp) ORDER BY name;
> name
> Ada
> Bob
> Di
> rows: 3
SELECT name FROM emp e WHERE EXISTS (SELECT 1 FROM emp r WHERE r.manager = e.id) ORDER BY name;
> name
> Ada
> Cy
> rows: 2
-- a scalar subquery that reads nothing of the row around it is one value (H2 evaluates it once); one that reads
-- the row, even only from a subquery inside it, is evaluated per row
SELECT dept, sum(salary) FROM emp GROUP BY dept HAVING sum(salary) > (SELECT sum(salary) * 0.3 FROM emp WHERE dept <> 'hr') ORDER BY dept;
> dept | sum(salary)
> eng | 220.00
> ops | 185.50
> rows: 2
SELECT name, (SELECT count(*) FROM dept d WHERE EXISTS (SELECT 1 FROM emp m WHERE m.dept = d.code)) AS staffed FROM emp WHERE id < 3 ORDER BY id;
> name | staffed
> Ada | 2
> Bob | 2
> rows: 2
SELECT name, (SELECT count(*) FROM dept d WHERE EXISTS (SELECT 1 FROM emp m WHERE m.dept = d.code AND m.salary > e.salary)) AS richer FROM emp e ORDER BY id;
> name | richer
> Ada | 0
> Bob | 1
> Cy | 2
> Di | 1
> Ed | 2
> rows: 5
SELECT name FROM emp WHERE dept NOT IN (SELECT code FROM dept WHERE code <> 'ops') ORDER BY name;
> name
> Cy
> Di
> rows: 2
SELECT t.dept, t.total FROM (SELECT dept, sum(salary) AS total FROM emp GROUP BY dept) AS t WHERE t.dept IS NOT NULL ORDER BY t.total DESC;
> dept | total
> eng | 220.00
> ops | 185.50
> rows: 2
-- CTEs, aggregates, HAVING, window functions
WITH by_dept AS (SELECT dept, count(*) AS n FROM emp GROUP BY dept), big AS (SELECT dept FROM by_dept WHERE n > 1)
SELECT dept FROM big ORDER BY dept;
> dept
> eng
> ops
> rows: 2
SELECT dept, count(*) n, min(salary), max(salary) FROM emp GROUP BY dept HAVING count(*) > 1 ORDER BY dept;
> dept | n | min(salary) | max(salary)
> eng | 2 | 100.00 | 120.00
> ops | 2 | 90.00 | 95.50
> rows: 2
SELECT dept, count(*) FROM emp GROUP BY 1 ORDER BY 1 NULLS LAST;
> dept | count(1)
> eng | 2
> ops | 2
> null | 1
> rows: 3
SELECT name, rank() OVER (PARTITION BY dept ORDER BY salary DESC) AS r,
       sum(salary) OVER (PARTITION BY dept ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running
FROM emp WHERE dept IS NOT NULL ORDER BY dept, r;
> name | r | running
> Ada | 1 | 120.00
> Bob | 2 | 220.00
> Di | 1 | 185.50
> Cy | 2 | 90.00
> rows: 4
SELECT name, lag(name) OVER (ORDER BY id) AS prev, row_number() OVER (ORDER BY id DESC) AS rn FROM emp ORDER BY id LIMIT 2;
> name | prev | rn
> Ada | null | 5
> Bob | Ada | 4
> rows: 2
SELECT count(DISTINCT dept), count(dept), count(*) FILTER (WHERE salary > 95) FROM emp;
> count(DISTINCT dept) | count(dept) | count(1)
> 2 | 4 | 3
> rows: 1
-- set operations
SELECT dept FROM emp UNION SELECT code FROM dept ORDER BY 1;
> dept
> null
> eng
> hr
> ops
> rows: 4
SELECT dept FROM emp WHERE dept IS NOT NULL UNION ALL SELECT 'eng' ORDER BY dept;
> dept
> eng
> eng
> eng
> ops
> ops
> rows: 5
SELECT code FROM dept INTERSECT SELECT dept FROM emp ORDER BY code;
> code
> eng
> ops
> rows: 2
SELECT dept FROM emp WHERE dept IS NOT NULL EXCEPT DISTINCT SELECT 'ops';
> dept
> eng
> rows: 1
SELECT dept FROM emp WHERE dept IS NOT NULL INTERSECT ALL SELECT 'eng' UNION ALL SELECT 'eng';
> dept
> eng
> eng
> rows: 2
SELECT 1 UNION SELECT 1, 2;
> exception NUM_COLUMNS_MISMATCH
-- ORDER BY, LIMIT, OFFSET, VALUES, range
SELECT name FROM emp ORDER BY manager NULLS LAST, name DESC LIMIT 3 OFFSET 1;
> name
> Bob
> Di
> Ed
> rows: 3
SELECT * FROM VALUES (1, 'one'), (2, 'two') AS v(n, word) ORDER BY n DESC;
> n | word
> 2 | two
> 1 | one
> rows: 2
VALUES (1), (2);
> col1
> 1
> 2
> rows: 2
SELECT id * 2 AS doubled FROM range(1, 4) ORDER BY doubled;
> doubled
> 2
> 4
> 6
> rows: 3
SELECT count(*) FROM range(1000000);
> count(1)
> 1000000
> rows: 1
SELECT DISTINCT dept FROM emp WHERE dept LIKE 'e%';
> dept
> eng
> rows: 1
SELECT name FROM emp WHERE salary BETWEEN 90 AND 100 AND name ILIKE 'b%';
> name
> Bob
> rows: 1
SELECT CASE WHEN salary >= 100 THEN 'high' WHEN salary >= 90 THEN 'mid' ELSE 'low' END AS band, count(*) AS n
FROM emp GROUP BY 1 ORDER BY band;
> band | n
> high | 2
> low | 1
> mid | 2
> rows: 3
FROM dept SELECT title WHERE code = 'hr';
> title
> People
> rows: 1
-- FULL OUTER JOIN (H2 has none; the engine writes it as a left join plus the unmatched right rows)
SELECT e.name, d.code FROM emp e FULL OUTER JOIN dept d ON e.dept = d.code ORDER BY d.code NULLS FIRST, e.name;
> name | code
> Ed | null
> Ada | eng
> Bob | eng
> null | hr
> Cy | ops
> Di | ops
> rows: 6
SELECT * FROM VALUES (1, 'a'), (2, 'b') AS l(k, x) FULL JOIN VALUES (2, 'B'), (3, 'C') AS r(k, y) USING (k) ORDER BY k;
> k | x | y
> 1 | a | null
> 2 | b | B
> 3 | null | C
> rows: 3
