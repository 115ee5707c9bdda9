CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` text DEFAULT NULL,
  `b` text DEFAULT NULL,
  `c` text DEFAULT NULL,
  `d` text DEFAULT NULL,
  `e` mediumtext DEFAULT NULL,
  `f` longtext DEFAULT NULL,
  `g` tinyblob DEFAULT NULL,
  `h` blob DEFAULT NULL,
  `i` mediumblob DEFAULT NULL,
  `j` longblob DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t10` (
  `a` varbinary(65532) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t11` (
  `a` text DEFAULT 'x',
  `b` blob DEFAULT 'y',
  `c` tinytext NOT NULL DEFAULT '',
  `d` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT '[]' CHECK (json_valid(`d`)),
  `e` longblob DEFAULT concat('a','b')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t14` (
  `a` mediumtext DEFAULT NULL,
  `b` mediumblob DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;

CREATE TABLE `t15` (
  `a` mediumtext DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` mediumtext DEFAULT NULL,
  `b` mediumtext DEFAULT NULL,
  `c` mediumblob DEFAULT NULL,
  `d` mediumblob DEFAULT NULL,
  `e` tinytext DEFAULT NULL,
  `f` mediumtext DEFAULT NULL,
  `g` longtext DEFAULT NULL,
  `h` tinyblob DEFAULT NULL,
  `i` mediumblob DEFAULT NULL,
  `j` longblob DEFAULT NULL,
  `k` char(1) DEFAULT NULL,
  `l` binary(1) DEFAULT NULL,
  `m` varchar(0) DEFAULT NULL,
  `n` char(0) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` tinytext DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;

CREATE TABLE `t4` (
  `a` varchar(65532) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;

CREATE TABLE `t6` (
  `a` varchar(16383) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t8` (
  `a` char(255) DEFAULT NULL,
  `b` binary(255) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

