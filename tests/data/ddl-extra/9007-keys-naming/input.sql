CREATE TABLE t (a INT, b INT, KEY (a), KEY a (b));
CREATE TABLE t (a INT, b INT, KEY a (b), KEY (a), KEY (a), UNIQUE (a), INDEX (b, a));
CREATE TABLE t2 (`primary` INT, KEY (`primary`));
CREATE TABLE t3 (a INT, b INT, c INT, UNIQUE KEY (a, b), UNIQUE KEY (c), PRIMARY KEY (b), KEY (c), FULLTEXT KEY (a));
