CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `c1` (
  `y` int(1) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c2` (
  `id` int(11) NOT NULL DEFAULT 0,
  `label` varchar(30) NOT NULL DEFAULT 'n',
  `dbl` decimal(9,2) DEFAULT NULL,
  `bang` varchar(31) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c3` (
  `a` int(1) NOT NULL,
  `b` varchar(3) NOT NULL,
  `c` decimal(2,1) NOT NULL,
  `d` binary(0) DEFAULT NULL,
  `e` datetime NOT NULL,
  `f` date NOT NULL,
  `g` bigint(11) NOT NULL,
  `h` int(2) NOT NULL,
  `i` int(1) unsigned NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c4` (
  `extra` int(11) DEFAULT 7,
  `id` int(11) NOT NULL DEFAULT 0,
  `name` varchar(30) NOT NULL DEFAULT 'n',
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c5` (
  `name` varchar(100) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c6` (
  `name` varchar(30) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NOT NULL DEFAULT 'n',
  `note` text CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci DEFAULT NULL
) ENGINE=MyISAM DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;

CREATE TABLE `c7` (
  `n` bigint(21) NOT NULL,
  `mx` decimal(8,2) DEFAULT NULL,
  `su` decimal(32,0) DEFAULT NULL,
  `av` decimal(12,6) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c8` (
  `id` int(11) NOT NULL DEFAULT 0,
  `name` varchar(30) NOT NULL DEFAULT '',
  `price` decimal(8,2) DEFAULT NULL,
  `created` datetime(3) DEFAULT NULL,
  `flag` tinyint(4) DEFAULT NULL,
  `note` mediumtext DEFAULT NULL,
  `kind` varchar(1) DEFAULT NULL,
  `u` int(10) unsigned DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `src` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `name` varchar(30) NOT NULL DEFAULT 'n',
  `price` decimal(8,2) DEFAULT NULL,
  `created` datetime(3) DEFAULT NULL,
  `flag` tinyint(1) DEFAULT 1,
  `note` text DEFAULT NULL,
  `kind` enum('a','b') DEFAULT 'b',
  `u` int(10) unsigned DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `name` (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

