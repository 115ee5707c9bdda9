CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `m` (
  `id` int(11) NOT NULL,
  `a` char(10) DEFAULT NULL,
  `b` varchar(100) NOT NULL DEFAULT 'x',
  `c` longtext DEFAULT NULL,
  `d` longtext DEFAULT NULL,
  `e` longtext DEFAULT NULL,
  `f` enum('a','b') DEFAULT 'a',
  `g` set('p','q') DEFAULT NULL,
  `h` varbinary(10) DEFAULT NULL,
  `i` blob DEFAULT NULL,
  `j` longtext DEFAULT NULL CHECK (json_valid(`j`)),
  `k` varchar(10) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `kb` (`b`),
  KEY `kd` (`d`(50))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `n` (
  `a` varchar(20000) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;

CREATE TABLE `o` (
  `a` blob DEFAULT NULL,
  `b` mediumblob DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE `q` (
  `a` char(5) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `b` text CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

