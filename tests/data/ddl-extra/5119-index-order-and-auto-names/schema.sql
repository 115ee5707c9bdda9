CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` int(11) DEFAULT NULL,
  `b` int(11) NOT NULL,
  `c` int(11) DEFAULT NULL,
  `d` text DEFAULT NULL,
  `e` int(11) NOT NULL,
  PRIMARY KEY (`e`),
  UNIQUE KEY `b` (`b`),
  UNIQUE KEY `e` (`e`,`b`),
  UNIQUE KEY `c` (`c`),
  KEY `a` (`a`),
  KEY `a_2` (`a`,`c`),
  FULLTEXT KEY `d` (`d`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t4` (
  `x` int(11) NOT NULL,
  `y` int(11) NOT NULL,
  `z` int(11) NOT NULL,
  PRIMARY KEY (`z`),
  UNIQUE KEY `y` (`y`),
  UNIQUE KEY `x` (`x`),
  UNIQUE KEY `z` (`z`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t5` (
  `a` int(11) DEFAULT NULL,
  `b` int(11) DEFAULT NULL,
  `c` int(11) NOT NULL,
  UNIQUE KEY `c` (`c`),
  KEY `b` (`b`),
  KEY `a` (`a`,`b`),
  KEY `b_2` (`b`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t6` (
  `key` int(11) DEFAULT NULL,
  `primary` int(11) DEFAULT NULL,
  `index` int(11) DEFAULT NULL,
  UNIQUE KEY `index` (`index`),
  KEY `primary_2` (`primary`),
  KEY `key` (`key`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t9` (
  `a` int(11) NOT NULL,
  `b` int(11) DEFAULT NULL,
  PRIMARY KEY (`a`),
  KEY `kd` (`b` DESC,`a` DESC)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

