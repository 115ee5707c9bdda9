CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t11` (
  `a` text DEFAULT NULL,
  FULLTEXT KEY `a` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t17` (
  `a` varchar(800) DEFAULT NULL,
  `b` varchar(800) DEFAULT NULL,
  UNIQUE KEY `a` (`a`,`b`) USING HASH
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t20` (
  `a` int(11) DEFAULT NULL,
  UNIQUE KEY `a` (`a`) USING HASH,
  KEY `a_2` (`a`) USING HASH
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t21` (
  `a` blob DEFAULT NULL,
  UNIQUE KEY `a_2` (`a`(10)),
  UNIQUE KEY `a` (`a`) USING HASH
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t22` (
  `a` int(11) NOT NULL,
  PRIMARY KEY (`a`) USING HASH
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t23` (
  `a` int(11) DEFAULT NULL,
  KEY `a` (`a`) COMMENT 'ok',
  KEY `a_2` (`a`) KEY_BLOCK_SIZE=4
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t5` (
  `a` text DEFAULT NULL,
  UNIQUE KEY `a` (`a`(10)),
  KEY `a_2` (`a`(768))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t6` (
  `a` text DEFAULT NULL,
  KEY `a` (`a`(768))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

