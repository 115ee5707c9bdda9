CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `d1` (
  `id` int(11) NOT NULL DEFAULT 0,
  `a` int(11) NOT NULL,
  `b` varchar(10) DEFAULT 'q' COMMENT 'c',
  `c` decimal(5,2) DEFAULT NULL,
  `d` text DEFAULT NULL,
  `e` datetime DEFAULT current_timestamp()
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `d2` (
  `id` int(11) NOT NULL DEFAULT 0,
  `x` int(11) NOT NULL,
  `big` bigint(11) NOT NULL,
  `neg` int(2) NOT NULL,
  `half` decimal(2,1) NOT NULL,
  `empty` char(0) NOT NULL,
  `n` binary(0) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `d3` (
  `a` int(11) DEFAULT NULL,
  `b` varchar(10) DEFAULT 'q' COMMENT 'c',
  KEY `a` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `d4` (
  `a` bigint(20) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `d5` (
  `a` int(11) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `src` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `a` int(11) NOT NULL,
  `b` varchar(10) DEFAULT 'q' COMMENT 'c',
  `c` decimal(5,2) DEFAULT NULL,
  `d` text DEFAULT NULL,
  `e` datetime DEFAULT current_timestamp(),
  PRIMARY KEY (`id`),
  KEY `a` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

