CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` float(7,3) DEFAULT NULL,
  `b` double(10,2) unsigned DEFAULT NULL,
  `c` float DEFAULT NULL,
  `d` double DEFAULT NULL,
  `e` double DEFAULT NULL,
  `f` double DEFAULT NULL,
  `g` float unsigned zerofill DEFAULT NULL,
  `h` float DEFAULT 0.1,
  `i` double DEFAULT 1,
  `j` float(5,2) DEFAULT 3.14,
  `k` double DEFAULT -2500
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

