CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` inet4 DEFAULT '10.0.0.1',
  `b` inet6 DEFAULT '::ffff:1.2.3.4',
  `c` uuid DEFAULT '123e4567-e89b-12d3-a456-426614174000',
  `d` inet4 NOT NULL,
  `e` uuid DEFAULT uuid()
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` varchar(10) DEFAULT NULL,
  `b` text DEFAULT NULL,
  `c` char(3) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=ucs2 COLLATE=ucs2_general_ci;

CREATE TABLE `t4` (
  `a` varchar(10) DEFAULT NULL,
  `b` char(2) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf16 COLLATE=utf16_bin;

CREATE TABLE `t5` (
  `a` varchar(100) DEFAULT NULL,
  KEY `a` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf32 COLLATE=utf32_general_ci;

CREATE TABLE `t6` (
  `a` enum('x','y') CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  `b` set('p','q') CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci DEFAULT 'p,q'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t7` (
  `j` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT '[]' CHECK (json_valid(`j`)),
  `k` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL CHECK (json_valid(`k`)),
  `l` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT json_array() CHECK (json_valid(`l`))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t8` (
  `a` tinyint(1) unsigned zerofill DEFAULT NULL,
  `b` bigint(30) unsigned DEFAULT NULL,
  `c` int(11) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t9` (
  `a` decimal(65,30) DEFAULT 1.000000000000000000000000000000,
  `b` decimal(10,0) DEFAULT 13,
  `c` decimal(10,0) DEFAULT 6
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

