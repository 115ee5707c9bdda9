CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` bit(1) DEFAULT NULL,
  `b` bit(1) DEFAULT NULL,
  `c` bit(16) NOT NULL DEFAULT b'1111000011110000',
  `d` bit(64) DEFAULT NULL,
  `e` tinyint(1) DEFAULT NULL,
  `f` tinyint(1) DEFAULT NULL,
  `g` tinyint(1) NOT NULL DEFAULT 1,
  `h` tinyint(1) DEFAULT 0
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` bit(4) DEFAULT b'101',
  `b` bit(8) DEFAULT b'11',
  `c` bit(8) DEFAULT b'101',
  `d` bit(16) DEFAULT b'11111111',
  `e` bit(1) NOT NULL DEFAULT b'1',
  `f` bit(3) DEFAULT b'0'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t4` (
  `a` bit(1) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t6` (
  `a` bit(8) DEFAULT NULL,
  KEY `a` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

