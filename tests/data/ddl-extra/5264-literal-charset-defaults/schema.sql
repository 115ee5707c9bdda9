CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` varchar(10) DEFAULT 'Ã©',
  `b` varchar(10) DEFAULT 'é',
  `c` varchar(10) DEFAULT 'é',
  `d` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT 'é',
  `e` varchar(10) DEFAULT 'x',
  `f` varchar(10) DEFAULT 'é',
  `g` varchar(10) DEFAULT 'é',
  `h` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT 'é',
  `i` varbinary(10) DEFAULT 'é',
  `j` varchar(10) DEFAULT '€'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT 'é',
  `b` char(3) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT 'é',
  `c` varchar(10) DEFAULT '',
  `d` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT '€',
  `e` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT 'x',
  `f` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT _utf8mb4'xC3xA9',
  `g` varchar(10) DEFAULT 'A'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` int(11) DEFAULT 1,
  `b` varchar(5) DEFAULT 'é'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t4` (
  `a` text DEFAULT _latin1'x',
  `b` text DEFAULT 0x41,
  `c` blob DEFAULT _latin1'xC3xA9',
  `d` text DEFAULT X'41',
  `e` text DEFAULT 'x',
  `f` text DEFAULT 0x41,
  `g` text DEFAULT _latin1'xE9'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

