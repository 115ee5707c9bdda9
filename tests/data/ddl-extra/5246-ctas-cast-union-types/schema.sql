CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `k1` (
  `a` int(1) unsigned NOT NULL,
  `b` bigint(20) unsigned NOT NULL,
  `c` bigint(20) unsigned NOT NULL,
  `d` bigint(20) unsigned DEFAULT NULL,
  `e` bigint(20) unsigned NOT NULL,
  `f` bigint(20) unsigned NOT NULL,
  `g` int(2) NOT NULL,
  `h` bigint(11) unsigned NOT NULL,
  `i` int(4) DEFAULT NULL,
  `j` bigint(20) unsigned DEFAULT NULL,
  `k` bigint(10) DEFAULT NULL,
  `l` int(5) unsigned DEFAULT NULL,
  `m` bigint(20) unsigned DEFAULT NULL,
  `n` bigint(20) DEFAULT NULL,
  `o` bigint(20) unsigned DEFAULT NULL,
  `p` bigint(21) NOT NULL,
  `q` int(1) unsigned DEFAULT NULL,
  `r` int(4) unsigned DEFAULT NULL,
  `s` int(3) unsigned DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `k10` (
  `a` decimal(5,0) DEFAULT NULL,
  `b` decimal(10,0) DEFAULT NULL,
  `c` decimal(10,0) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `k11` (
  `id` int(11) NOT NULL DEFAULT 0,
  `name` varchar(30) NOT NULL DEFAULT ''
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `k12` (
  `a` bigint(10) DEFAULT NULL,
  `b` bigint(10) DEFAULT NULL,
  `c` int(2) NOT NULL,
  `e` bigint(20) DEFAULT NULL,
  `f` int(10) unsigned DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `k13` (
  `kind` varchar(4) DEFAULT NULL,
  `note` mediumtext DEFAULT NULL,
  `flag` tinyint(4) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `k2` (
  `id` int(11) NOT NULL DEFAULT 0,
  `ti` tinyint(4) DEFAULT NULL,
  `si` smallint(5) unsigned DEFAULT NULL,
  `bi` bigint(20) DEFAULT NULL,
  `name` varchar(30) NOT NULL DEFAULT '',
  `price` decimal(8,2) DEFAULT NULL,
  `flag` tinyint(4) DEFAULT NULL,
  `note` mediumtext DEFAULT NULL,
  `tt` text DEFAULT NULL,
  `mt` longtext DEFAULT NULL,
  `kind` varchar(3) DEFAULT NULL,
  `st` varchar(4) DEFAULT NULL,
  `u` int(10) unsigned DEFAULT NULL,
  `d` date DEFAULT NULL,
  `dt` datetime(2) DEFAULT NULL,
  `y` year(4) DEFAULT NULL,
  `b` bit(3) DEFAULT NULL,
  `bl` blob DEFAULT NULL,
  `vb` varbinary(10) DEFAULT NULL,
  `c` char(5) DEFAULT NULL,
  `f` float DEFAULT NULL,
  `db` double DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `k3` (
  `id` int(11) NOT NULL,
  `name` varchar(30) NOT NULL,
  `kind` varchar(3) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `k4` (
  `ti` decimal(5,0) DEFAULT NULL,
  `si` decimal(5,0) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `k5` (
  `note` longtext DEFAULT NULL,
  `tt` mediumtext DEFAULT NULL,
  `st` varchar(4) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `k6` (
  `flag` int(4) DEFAULT NULL,
  `y` decimal(4,0) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `k7` (
  `c` char(5) DEFAULT NULL,
  `vb` varbinary(10) DEFAULT NULL,
  `bl` blob DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `k8` (
  `id` int(11) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `k9` (
  `name` varchar(30) NOT NULL DEFAULT ''
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `src` (
  `id` int(11) NOT NULL,
  `ti` tinyint(4) DEFAULT NULL,
  `si` smallint(5) unsigned DEFAULT NULL,
  `bi` bigint(20) DEFAULT NULL,
  `name` varchar(30) NOT NULL DEFAULT 'n',
  `price` decimal(8,2) DEFAULT NULL,
  `flag` tinyint(1) DEFAULT 1,
  `note` text DEFAULT NULL,
  `tt` tinytext DEFAULT NULL,
  `mt` mediumtext DEFAULT NULL,
  `kind` enum('a','bbb') DEFAULT 'a',
  `st` set('x','yy') DEFAULT NULL,
  `u` int(10) unsigned DEFAULT NULL,
  `d` date DEFAULT NULL,
  `dt` datetime(2) DEFAULT NULL,
  `y` year(4) DEFAULT NULL,
  `b` bit(3) DEFAULT NULL,
  `bl` blob DEFAULT NULL,
  `vb` varbinary(10) DEFAULT NULL,
  `c` char(5) DEFAULT NULL,
  `f` float DEFAULT NULL,
  `db` double DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

