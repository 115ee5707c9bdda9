CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` uuid DEFAULT NULL,
  `g` inet6 NOT NULL,
  `b` inet6 DEFAULT NULL,
  `c` inet4 DEFAULT NULL,
  `d` uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  `e` inet6 DEFAULT '::1',
  `f` inet4 DEFAULT '127.0.0.1',
  PRIMARY KEY (`d`),
  UNIQUE KEY `a` (`a`),
  KEY `b` (`b`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t5` (
  `a` uuid DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

