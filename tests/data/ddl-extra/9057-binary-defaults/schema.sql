CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `bz` (
  `a` binary(6) DEFAULT NULL,
  `b` varbinary(4) DEFAULT '\0ÿ',
  `c` char(3) DEFAULT 'x\0',
  `d` binary(2) DEFAULT 'A\0',
  `e` varchar(10) DEFAULT 'abc\0',
  `f` varbinary(5) DEFAULT '',
  `g` binary(16) DEFAULT '\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

