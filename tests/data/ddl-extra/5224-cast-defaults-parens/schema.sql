CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `cd` (
  `x` int(11) DEFAULT (cast(2.7 as signed)),
  `a` bigint(20) DEFAULT (cast(`x` as signed)),
  `b` int(10) unsigned DEFAULT (cast(7 as unsigned)),
  `c` decimal(8,2) DEFAULT (cast('1.5' as decimal(8,2))),
  `d` double DEFAULT (cast(`x` as double)),
  `e` varchar(10) DEFAULT (cast(`x` as char(4) charset utf8mb4)),
  `f` varbinary(10) DEFAULT (cast('ab' as char charset binary)),
  `g` date DEFAULT cast('2021-02-03' as date),
  `h` time DEFAULT cast('10:11' as time),
  `i` datetime(3) DEFAULT cast('2021-01-01 00:00:00' as datetime(3)),
  `j` varchar(10) DEFAULT (cast(`x` as char charset utf8mb4)),
  `k` varchar(10) GENERATED ALWAYS AS (cast(`x` as char(3) charset binary)) VIRTUAL,
  `l` int(11) GENERATED ALWAYS AS (cast(`x` as signed) + 1) STORED,
  CONSTRAINT `ck` CHECK (cast(`x` as char charset utf8mb4) <> 'z')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

