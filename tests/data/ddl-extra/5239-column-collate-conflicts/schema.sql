CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `cc` (
  `id` int(11) DEFAULT NULL,
  `a` varchar(10) CHARACTER SET latin1 COLLATE latin1_bin DEFAULT NULL,
  `b2` mediumtext CHARACTER SET utf8mb3 COLLATE utf8mb3_bin NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `cc3` (
  `s` set('a') CHARACTER SET ascii COLLATE ascii_bin DEFAULT NULL COMMENT 'set'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

