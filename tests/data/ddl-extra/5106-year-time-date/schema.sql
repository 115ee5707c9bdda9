CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` year(4) DEFAULT NULL,
  `b` year(4) DEFAULT NULL,
  `c` year(4) NOT NULL DEFAULT 2024,
  `d` year(4) DEFAULT 1999,
  `e` year(4) DEFAULT 0000,
  `f` year(4) DEFAULT 1970
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` year(2) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` year(4) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t4` (
  `a` time DEFAULT '10:00:00',
  `b` time(3) DEFAULT '12:34:56.789',
  `c` time DEFAULT '-838:59:59',
  `d` time(6) DEFAULT '26:03:04.500000',
  `e` time DEFAULT '23:59:59',
  `f` time NOT NULL DEFAULT '00:00:00'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t5` (
  `a` date DEFAULT '2020-01-01',
  `b` date DEFAULT '2020-01-31',
  `c` datetime DEFAULT '2020-01-01 00:00:00',
  `d` datetime(3) DEFAULT '2020-01-01 10:00:00.500',
  `e` datetime DEFAULT '2020-02-03 04:05:06',
  `f` date DEFAULT '0000-00-00',
  `g` datetime DEFAULT '1000-01-01 00:00:00'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t8` (
  `a` datetime(2) DEFAULT '2020-01-01 10:00:00.12'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

