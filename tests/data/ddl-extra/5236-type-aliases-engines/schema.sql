CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `ta` (
  `a` tinyint(4) DEFAULT NULL,
  `b` smallint(6) DEFAULT NULL,
  `c` mediumint(9) DEFAULT NULL,
  `d` int(11) DEFAULT NULL,
  `e` bigint(20) DEFAULT NULL,
  `f` mediumint(9) DEFAULT NULL,
  `g` int(10) unsigned DEFAULT NULL,
  `h` decimal(7,3) DEFAULT NULL,
  `i` decimal(5,0) DEFAULT NULL,
  `j` decimal(6,2) DEFAULT NULL,
  `k` mediumtext DEFAULT NULL,
  `l` mediumtext DEFAULT NULL,
  `m` mediumblob DEFAULT NULL,
  `n` varchar(10) DEFAULT NULL,
  `o` char(3) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  `p` varchar(4) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  `q` varchar(5) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  `r` varchar(6) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  `s` binary(1) DEFAULT NULL,
  `t` varbinary(7) DEFAULT NULL,
  `u` double unsigned DEFAULT NULL,
  `v` float DEFAULT NULL,
  `w` double(10,2) DEFAULT NULL,
  `x` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `y` tinyint(1) NOT NULL DEFAULT 1,
  UNIQUE KEY `x` (`x`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `tb` (
  `a` text DEFAULT NULL,
  `b` text DEFAULT NULL,
  `c` mediumblob DEFAULT NULL,
  `d` longtext DEFAULT NULL,
  `e` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  `f` char(5) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  `g` char(5) CHARACTER SET ucs2 COLLATE ucs2_general_ci DEFAULT NULL,
  `h` tinytext CHARACTER SET latin1 COLLATE latin1_bin DEFAULT NULL,
  `i` mediumblob DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `td` (
  `a` varchar(100) DEFAULT NULL,
  `b` int(11) NOT NULL AUTO_INCREMENT,
  KEY `b` (`b`)
) ENGINE=MEMORY DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `te` (
  `a` int(11) DEFAULT NULL,
  `b` varchar(20) DEFAULT NULL,
  KEY `a` (`a`) USING HASH,
  KEY `b` (`b`) USING BTREE
) ENGINE=MEMORY DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `tg` (
  `g` geometry NOT NULL,
  SPATIAL KEY `g` (`g`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `th` (
  `a` int(11) DEFAULT NULL,
  `b` text DEFAULT NULL,
  FULLTEXT KEY `b` (`b`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci PAGE_CHECKSUM=1;

CREATE TABLE `ti` (
  `a` int(11) DEFAULT NULL
) ENGINE=Aria DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci PAGE_CHECKSUM=1 TRANSACTIONAL=0;

CREATE TABLE `tj` (
  `a` int(11) DEFAULT NULL
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci ROW_FORMAT=FIXED;

