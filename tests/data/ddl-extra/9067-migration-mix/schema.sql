CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `parent_id` int(10) unsigned DEFAULT NULL,
  `lft` int(11) NOT NULL,
  `name` varchar(768) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `name_u` (`name`),
  KEY `idx_lft` (`lft`),
  KEY `fk_parent` (`parent_id`),
  KEY `name_idx` (`name`),
  CONSTRAINT `fk_parent` FOREIGN KEY (`parent_id`) REFERENCES `t1` (`id`) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `t2` (
  `id` int(11) NOT NULL,
  `t1_id2` int(10) unsigned DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `t1_id2` (`t1_id2`),
  CONSTRAINT `t2_ibfk_1` FOREIGN KEY (`t1_id2`) REFERENCES `t1` (`id`),
  CONSTRAINT `t2_ibfk_2` FOREIGN KEY (`t1_id2`) REFERENCES `t1` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` int(11) NOT NULL,
  `b` int(11) DEFAULT NULL,
  PRIMARY KEY (`a`),
  UNIQUE KEY `a` (`a`),
  KEY `a_2` (`a`,`b`),
  KEY `b` (`b`,`a`),
  KEY `a_3` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t4` (
  `a` varchar(10) NOT NULL DEFAULT '',
  `b` char(0) DEFAULT NULL,
  `c` varchar(0) DEFAULT '',
  `d` tinyblob DEFAULT NULL,
  `e` binary(1) DEFAULT 'a',
  `f` char(3) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  `g` varchar(5) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  `h` mediumtext DEFAULT NULL,
  `i` mediumtext DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t5` (
  `a` int(3) unsigned zerofill DEFAULT 005,
  `b` mediumint(8) unsigned DEFAULT 12,
  `c` double DEFAULT NULL,
  `d` double DEFAULT NULL,
  `e` decimal(5,0) DEFAULT NULL,
  `f` decimal(4,1) DEFAULT -1.3,
  `g` int(5) DEFAULT NULL,
  `h` decimal(6,2) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t6` (
  `a` date DEFAULT '0000-00-00',
  `b` time DEFAULT '25:00:00',
  `c` timestamp(2) NULL DEFAULT '2000-01-01 10:00:00.12'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t7` (
  `id` int(11) DEFAULT NULL,
  `v` varchar(100) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci MIN_ROWS=1 MAX_ROWS=100 AVG_ROW_LENGTH=50;

CREATE TABLE `t8` (
  `a` int(11) NOT NULL,
  `b` int(11) NOT NULL,
  PRIMARY KEY (`b`),
  UNIQUE KEY `b` (`b`),
  UNIQUE KEY `a` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t9` (
  `a` int(11) DEFAULT NULL CHECK (`a` > 0),
  `b` int(11) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`b` > `a`),
  CONSTRAINT `CONSTRAINT_2` CHECK (`b` < 100)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `weird2` (
  `col``q` int(11) DEFAULT NULL,
  `ünï` varchar(5) DEFAULT NULL COMMENT 'ä''b\\c',
  KEY `k``x` (`col``q`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

