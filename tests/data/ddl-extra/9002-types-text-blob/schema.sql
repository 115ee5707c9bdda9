CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t2` (
  `a` tinytext DEFAULT NULL,
  `b` mediumtext DEFAULT NULL,
  `c` longtext DEFAULT NULL,
  `d` tinyblob DEFAULT NULL,
  `e` mediumblob DEFAULT NULL,
  `f` longblob DEFAULT NULL,
  `g` text DEFAULT NULL,
  `h` mediumblob DEFAULT NULL,
  `i` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  `j` mediumtext DEFAULT NULL,
  `k` mediumblob DEFAULT NULL,
  `l` tinytext DEFAULT NULL,
  `m` blob DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

