CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` varchar(2) DEFAULT '1e',
  `b` char(2) DEFAULT '2',
  `c` varchar(1) DEFAULT '1',
  `d` varchar(4) DEFAULT '1e4',
  `e` varchar(2) DEFAULT '-1',
  `f` varchar(3) DEFAULT '0'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` varchar(5) DEFAULT '1.235',
  `b` varchar(10) DEFAULT '1.23457e20',
  `c` varchar(30) DEFAULT '1.23456789e20',
  `d` char(3) DEFAULT '0',
  `e` binary(3) DEFAULT '1e1',
  `f` varchar(2) DEFAULT '0'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` varchar(3) DEFAULT '1e3',
  `b` varchar(6) DEFAULT '1000',
  `c` varchar(6) DEFAULT '1.50',
  `d` char(0) DEFAULT '',
  `e` varbinary(2) DEFAULT '-2',
  `f` varchar(4) DEFAULT '10'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t4` (
  `a` varchar(7) DEFAULT '2e-300',
  `b` varchar(5) DEFAULT '2e-30',
  `c` varchar(4) DEFAULT '1e-4',
  `d` varchar(3) DEFAULT '1e-',
  `e` varchar(5) DEFAULT '-1e-4',
  `f` char(8) DEFAULT '1.2346e8'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t5` (
  `a` varchar(2) DEFAULT '1e',
  `b` varchar(2) DEFAULT (1e3 + 0),
  `c` char(3) DEFAULT (2.5e0 * 1),
  `d` varchar(4) DEFAULT (1 / 3e0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t6` (
  `a` varchar(2) DEFAULT '1e',
  `b` char(1) DEFAULT '-'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

