CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t` (
  `a` char(10) DEFAULT NULL,
  `b` varchar(100) DEFAULT NULL,
  `c` text DEFAULT NULL,
  `d` mediumtext DEFAULT NULL,
  `e` longtext DEFAULT NULL,
  `f` enum('x','y') DEFAULT NULL,
  `g` set('p','q') DEFAULT NULL,
  `h` longtext DEFAULT NULL CHECK (json_valid(`h`)),
  `i` varbinary(10) DEFAULT NULL,
  `j` blob DEFAULT NULL,
  `k` varbinary(10) DEFAULT NULL,
  `l` varchar(20) DEFAULT NULL,
  `m` varchar(20) DEFAULT NULL,
  `n` int(11) DEFAULT NULL,
  `o` longtext DEFAULT NULL,
  KEY `b` (`b`(50))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `t2` (
  `a` text DEFAULT NULL,
  `b` mediumtext DEFAULT NULL,
  `c` longtext DEFAULT NULL,
  `d` varchar(300) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` varchar(20000) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;

CREATE TABLE `t4` (
  `a` text DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;

CREATE TABLE `t5` (
  `a` varbinary(10) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE `t6` (
  `a` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci DEFAULT NULL,
  `b` text CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

