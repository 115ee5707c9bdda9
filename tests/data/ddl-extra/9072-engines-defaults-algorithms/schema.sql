CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `cache2` (
  `k` varbinary(255) NOT NULL,
  `v` varbinary(1000) DEFAULT NULL,
  `ttl` int(11) DEFAULT NULL,
  PRIMARY KEY (`k`) USING BTREE,
  KEY `ttl` (`ttl`) USING HASH
) ENGINE=MEMORY DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `d3` (
  `e` enum('x','y') NOT NULL,
  `s` set('a','b') NOT NULL DEFAULT 'a,b',
  `t` timestamp NOT NULL,
  `u` timestamp NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `ev` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `kind` varchar(32) NOT NULL,
  `src` varchar(20) NOT NULL DEFAULT 'api',
  `payload` longtext NOT NULL,
  `occurred_at` datetime(6) NOT NULL DEFAULT current_timestamp(6),
  PRIMARY KEY (`id`),
  KEY `ev_kind_occ` (`kind`,`occurred_at` DESC),
  KEY `src` (`src`),
  FULLTEXT KEY `ft` (`payload`),
  FULLTEXT KEY `ft2` (`kind`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE `idx` (
  `a` varchar(3072) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  `b` varchar(800) DEFAULT NULL,
  UNIQUE KEY `b_2` (`b`) USING HASH,
  KEY `a` (`a`),
  KEY `b` (`b`(768))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `idx2` (
  `a` text DEFAULT NULL,
  `b` blob DEFAULT NULL,
  UNIQUE KEY `b` (`b`(10)),
  UNIQUE KEY `a` (`a`) USING HASH,
  KEY `a_2` (`a`(768))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `idx4` (
  `a` int(11) DEFAULT NULL,
  KEY `k` (`a`) KEY_BLOCK_SIZE=4 COMMENT 'hi' IGNORED
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `logs` (
  `id` bigint(20) NOT NULL AUTO_INCREMENT,
  `msg` varchar(2048) DEFAULT NULL,
  `level` enum('debug','info','warn','error') DEFAULT 'info',
  `ts` timestamp NOT NULL DEFAULT current_timestamp(),
  PRIMARY KEY (`id`,`ts`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci PAGE_CHECKSUM=1 TRANSACTIONAL=1;

CREATE TABLE `sess` (
  `id` varchar(128) NOT NULL,
  `data` blob DEFAULT NULL,
  `expires` int(10) unsigned NOT NULL,
  PRIMARY KEY (`id`),
  KEY `expires` (`expires`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

