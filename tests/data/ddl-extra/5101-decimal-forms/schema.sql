CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` decimal(10,0) DEFAULT NULL,
  `b` decimal(5,0) DEFAULT NULL,
  `c` decimal(7,3) NOT NULL DEFAULT 0.000,
  `d2` decimal(20,10) DEFAULT NULL,
  `e` decimal(12,4) DEFAULT NULL,
  `f` decimal(6,1) DEFAULT NULL,
  `g` decimal(65,30) DEFAULT NULL,
  `h` decimal(38,0) DEFAULT NULL,
  `i` decimal(10,0) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` decimal(10,2) unsigned DEFAULT NULL,
  `b` decimal(10,2) unsigned zerofill DEFAULT NULL,
  `c` decimal(6,2) unsigned zerofill NOT NULL DEFAULT 0001.00
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` decimal(10,2) DEFAULT 1.50,
  `b` decimal(10,2) DEFAULT 2.00,
  `c` decimal(10,4) DEFAULT -0.5000,
  `d` decimal(5,0) DEFAULT 12,
  `e` decimal(10,2) DEFAULT 100.00,
  `f` decimal(10,3) DEFAULT 0.125,
  `g` decimal(4,2) DEFAULT 0.00
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t8` (
  `a` decimal(5,2) DEFAULT 1.01
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

