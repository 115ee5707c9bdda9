CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` int(11) DEFAULT NULL,
  CONSTRAINT `c1` CHECK (`a` > 0),
  CONSTRAINT `c2` CHECK (`a` > 1),
  CONSTRAINT `c3` CHECK (`a` > 2),
  CONSTRAINT `c4` CHECK (`a` <> 0),
  CONSTRAINT `c5` CHECK (`a` <> -1),
  CONSTRAINT `c6` CHECK (`a` > 0.0),
  CONSTRAINT `c7` CHECK (`a` > -0e0),
  CONSTRAINT `c8` CHECK (`a` > 3.5),
  CONSTRAINT `c9` CHECK (`a` > -'1'),
  CONSTRAINT `c10` CHECK (`a` > -0x41)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` int(11) DEFAULT NULL,
  `g1` int(11) GENERATED ALWAYS AS (1) VIRTUAL,
  `g2` double GENERATED ALWAYS AS (0) VIRTUAL,
  `g3` decimal(5,2) GENERATED ALWAYS AS (0.00) VIRTUAL,
  `g4` int(11) GENERATED ALWAYS AS (`a` - -1) VIRTUAL,
  `g5` int(11) GENERATED ALWAYS AS (-`a`) VIRTUAL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` int(11) DEFAULT 0,
  `b` int(11) DEFAULT 0,
  `c` int(11) DEFAULT -1,
  `d` int(11) DEFAULT 7,
  `e` int(11) DEFAULT 0,
  `f` int(11) DEFAULT -1,
  `g` int(11) DEFAULT 0,
  `h` decimal(5,2) DEFAULT -1.00,
  `i` double DEFAULT -1000,
  `j` double DEFAULT 0
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t4` (
  `a` varchar(20) DEFAULT '7',
  `b` varchar(20) DEFAULT '1000',
  `c` varchar(20) DEFAULT '0.5',
  `d` varchar(20) DEFAULT '0',
  `e` varchar(20) DEFAULT '-1',
  `f` varchar(20) DEFAULT '0.0015',
  `g` varchar(20) DEFAULT '5',
  `h` char(10) DEFAULT '0.0',
  `i` varbinary(20) DEFAULT '1e16',
  `j` text DEFAULT 0.50,
  `k` varchar(30) DEFAULT '-9223372036854775808'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t5` (
  `a` varchar(3) DEFAULT '1e3',
  `b` varchar(5) DEFAULT '-1000',
  `c` char(6) DEFAULT '0.0015',
  `d` varbinary(4) DEFAULT '2'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t7` (
  `a` text DEFAULT 7,
  `b` text DEFAULT 7,
  `c` text DEFAULT 1e3,
  `d` text DEFAULT 0,
  `e` text DEFAULT -1,
  `f` blob DEFAULT 0.5,
  `g` text DEFAULT -2,
  `h` text DEFAULT -1
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

