CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` tinyint(3) unsigned DEFAULT NULL,
  `b` tinyint(1) NOT NULL DEFAULT 1,
  `c` tinyint(3) unsigned DEFAULT NULL,
  `d` tinyint(4) DEFAULT NULL,
  `e` tinyint(3) unsigned zerofill DEFAULT NULL,
  `f` tinyint(2) unsigned zerofill DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t10` (
  `a` bigint(20) unsigned zerofill DEFAULT 00000000000000000001,
  `b` int(11) unsigned zerofill NOT NULL DEFAULT 00000000042,
  `c` smallint(6) unsigned zerofill DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` smallint(6) DEFAULT NULL,
  `b` smallint(3) DEFAULT NULL,
  `c` smallint(5) unsigned DEFAULT NULL,
  `d` smallint(5) unsigned zerofill DEFAULT NULL,
  `e` mediumint(9) DEFAULT NULL,
  `f` mediumint(8) unsigned DEFAULT NULL,
  `g` mediumint(4) unsigned zerofill DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` tinyint(4) DEFAULT NULL,
  `b` smallint(6) DEFAULT NULL,
  `c` mediumint(9) DEFAULT NULL,
  `d` int(11) DEFAULT NULL,
  `e` bigint(20) DEFAULT NULL,
  `f` int(11) DEFAULT NULL,
  `g` int(10) unsigned DEFAULT NULL,
  `h` int(11) DEFAULT NULL,
  `i` bigint(1) unsigned DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t4` (
  `a` int(11) DEFAULT -1,
  `b` int(11) DEFAULT -2,
  `c` int(10) unsigned DEFAULT 4294967295,
  `d` bigint(20) unsigned DEFAULT 18446744073709551615,
  `e` bigint(20) DEFAULT -9223372036854775808,
  `f` tinyint(4) DEFAULT 1,
  `g` smallint(6) DEFAULT 0,
  `h` int(11) DEFAULT 16,
  `i` int(11) DEFAULT 5,
  `j` mediumint(9) DEFAULT 7,
  `k` int(11) DEFAULT 1,
  `l` int(11) DEFAULT 5
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t8` (
  `a` int(11) DEFAULT 2
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

