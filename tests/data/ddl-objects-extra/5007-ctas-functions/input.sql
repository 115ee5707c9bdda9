CREATE TABLE s (ti TINYINT, i INT, ui INT UNSIGNED, bi BIGINT, f FLOAT, d DOUBLE, dc DECIMAL(5,2), c VARCHAR(10), ch CHAR(3), tx TEXT, dt DATE, tm TIME(2), dtm DATETIME, y YEAR, e ENUM('a','bb'), nn INT NOT NULL);
CREATE TABLE c1 SELECT COUNT(*) a, SUM(i) b, AVG(dc) c, MIN(c) d, MAX(dt) e, SUM(dc) f, AVG(i) g, SUM(d) h, COUNT(c) k, GROUP_CONCAT(c) l, BIT_OR(i) m FROM s;
CREATE TABLE c2 SELECT CONCAT('a', 1) a, UPPER(c) b, CASE WHEN i > 1 THEN 'x' ELSE 'yy' END c, IF(i > 1, i, dc) d, COALESCE(i, bi) e, LEFT(c, 2) f, LENGTH(c) h, ROUND(dc, 1) k, i * 2 m, i / 2 n, -i o, ABS(i) q, nn + 1 r, CONCAT(c, nn) s2, IFNULL(i, 0) t, NULLIF(i, 1) u, GREATEST(i, bi) v, MOD(i, 3) y, i % 3 z FROM s;
CREATE TABLE c3 SELECT tx, e, dtm, CONCAT(tx) a, tm + 0 b, dtm + 0 c, dt - INTERVAL 1 DAY d, TIMESTAMPDIFF(YEAR, dt, CURDATE()) f, YEAR(dt) g, MONTH(dt) h, CAST(i AS CHAR) l, CAST(dc AS DECIMAL(10,1)) m, CAST(i AS SIGNED) n, CONVERT(c USING latin1) p, c COLLATE utf8mb4_bin q, i IN (1,2) r, i BETWEEN 1 AND 2 s2, c LIKE 'a' t, NOT i u, i IS NULL v, (SELECT MAX(i) FROM s) x FROM s;
CREATE TABLE c4 SELECT 'é' n, '' o, 'a' 'b' u, TRUE t, FALSE f2, NULL z, -1 d, 1e3 e, NOW() nw, CURDATE() cd, -1.5 h, 18446744073709551615 k, 2147483647 l, 0b101 q, DATE '2020-01-01' r, 1+1 s;
CREATE TABLE c5 (x INT, KEY (x)) SELECT i AS x, c FROM s UNION SELECT bi, tx FROM s;
CREATE TABLE IF NOT EXISTS c5 SELECT 1 AS z;
CREATE OR REPLACE TABLE c1 SELECT y + 0 AS y0, ti + 1 AS t1 FROM s;
