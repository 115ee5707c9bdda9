CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `c` (
  `id` int(11) NOT NULL,
  `a_id` int(11) DEFAULT NULL,
  `a_code` varchar(60) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `ts` datetime DEFAULT NULL ON UPDATE current_timestamp(),
  `y` year(4) DEFAULT NULL,
  `bits` bit(3) DEFAULT b'11',
  `f` float DEFAULT 1000,
  PRIMARY KEY (`id`),
  FULLTEXT KEY `ft` (`a_code`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci ROW_FORMAT=FIXED;

CREATE TABLE `d` (
  `id` int(11) DEFAULT NULL,
  `v` varchar(20) DEFAULT NULL,
  UNIQUE KEY `id` (`id`,`v`),
  KEY `v` (`v`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci PAGE_CHECKSUM=1;

CREATE TABLE `e` (
  `id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `j` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_valid(`j`)),
  `g` point NOT NULL,
  `uu` uuid DEFAULT uuid(),
  UNIQUE KEY `id` (`id`),
  SPATIAL KEY `g` (`g`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `f` (
  `a` int(11) DEFAULT NULL,
  `d` int(11) GENERATED ALWAYS AS (`a` * 2) STORED,
  `b` int(11) GENERATED ALWAYS AS (`a` + 1) STORED,
  `c` varchar(10) GENERATED ALWAYS AS (concat(`a`,'x')) VIRTUAL,
  KEY `b` (`b`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `g` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `x` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=100 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci PACK_KEYS=0 STATS_PERSISTENT=1 CHECKSUM=1 KEY_BLOCK_SIZE=8 COMMENT='it''s';

