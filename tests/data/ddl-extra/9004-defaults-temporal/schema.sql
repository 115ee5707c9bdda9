CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `e` (
  `a` int(11) DEFAULT 0,
  `b` datetime DEFAULT '0000-00-00 00:00:00',
  `c` date DEFAULT '2020-01-01',
  `d` time DEFAULT '01:02:03',
  `f` datetime(3) DEFAULT '2020-01-01 10:00:00.123',
  `g` timestamp(2) NULL DEFAULT '0000-00-00 00:00:00.00',
  `h` date DEFAULT '2020-01-02',
  `i` time(2) DEFAULT '10:00:00.00'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `e3` (
  `a` int(11) DEFAULT 2
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `e5` (
  `h` decimal(5,2) DEFAULT 3.14,
  `i` varchar(5) DEFAULT '5',
  `j` decimal(4,1) DEFAULT 0.0
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

