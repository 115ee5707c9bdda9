CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` float DEFAULT NULL,
  `b` float DEFAULT NULL,
  `c` float DEFAULT NULL,
  `d` double DEFAULT NULL,
  `e` double DEFAULT NULL,
  `f` float(7,3) DEFAULT NULL,
  `g` double DEFAULT NULL,
  `h` double(10,4) DEFAULT NULL,
  `i` double DEFAULT NULL,
  `j` double DEFAULT NULL,
  `k` float DEFAULT NULL,
  `l` double DEFAULT NULL,
  `m` double(8,2) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` float unsigned DEFAULT NULL,
  `b` double unsigned zerofill DEFAULT NULL,
  `c` float(5,2) unsigned DEFAULT NULL,
  `d` double(12,3) unsigned zerofill DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` float DEFAULT 1.5,
  `b` double DEFAULT 10000000000,
  `c` double DEFAULT -0.0025,
  `d` float(7,3) DEFAULT 3.142,
  `e` double DEFAULT 0.1,
  `f` float DEFAULT 0,
  `g` double(10,2) DEFAULT 100.00,
  `h` double DEFAULT 1.2345678901234568e17
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t7` (
  `a` float(10,2) NOT NULL DEFAULT 1.24
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t8` (
  `a` float DEFAULT NULL,
  `b` float(6,2) DEFAULT NULL,
  `c` double DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

