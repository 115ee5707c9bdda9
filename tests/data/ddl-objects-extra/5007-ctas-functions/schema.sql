CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `c1` (
  `y0` int(5) unsigned DEFAULT NULL,
  `t1` int(5) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c2` (
  `a` varchar(2) DEFAULT NULL,
  `b` varchar(10) DEFAULT NULL,
  `c` varchar(2) DEFAULT NULL,
  `d` decimal(12,2) DEFAULT NULL,
  `e` bigint(20) DEFAULT NULL,
  `f` varchar(2) DEFAULT NULL,
  `h` int(10) DEFAULT NULL,
  `k` decimal(5,1) DEFAULT NULL,
  `m` bigint(12) DEFAULT NULL,
  `n` decimal(14,4) DEFAULT NULL,
  `o` bigint(12) DEFAULT NULL,
  `q` bigint(11) DEFAULT NULL,
  `r` bigint(12) NOT NULL,
  `s2` varchar(21) DEFAULT NULL,
  `t` int(11) NOT NULL,
  `u` int(11) DEFAULT NULL,
  `v` bigint(20) DEFAULT NULL,
  `y` bigint(11) DEFAULT NULL,
  `z` bigint(11) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c3` (
  `tx` text DEFAULT NULL,
  `e` enum('a','bb') DEFAULT NULL,
  `dtm` datetime DEFAULT NULL,
  `a` mediumtext DEFAULT NULL,
  `b` decimal(10,2) DEFAULT NULL,
  `c` bigint(16) DEFAULT NULL,
  `d` date DEFAULT NULL,
  `f` bigint(21) DEFAULT NULL,
  `g` int(5) DEFAULT NULL,
  `h` int(3) DEFAULT NULL,
  `l` varchar(11) DEFAULT NULL,
  `m` decimal(10,1) DEFAULT NULL,
  `n` bigint(11) DEFAULT NULL,
  `p` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  `q` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  `r` int(1) DEFAULT NULL,
  `s2` int(1) DEFAULT NULL,
  `t` int(1) DEFAULT NULL,
  `u` int(1) DEFAULT NULL,
  `v` int(1) NOT NULL,
  `x` int(11) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c4` (
  `n` varchar(1) NOT NULL,
  `o` char(0) NOT NULL,
  `u` varchar(2) NOT NULL,
  `t` int(5) NOT NULL,
  `f2` int(5) NOT NULL,
  `z` binary(0) DEFAULT NULL,
  `d` int(2) NOT NULL,
  `e` double NOT NULL,
  `nw` datetime NOT NULL,
  `cd` date NOT NULL,
  `h` decimal(2,1) NOT NULL,
  `k` bigint(20) unsigned NOT NULL,
  `l` bigint(10) NOT NULL,
  `q` varbinary(1) NOT NULL,
  `r` date NOT NULL,
  `s` int(3) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c5` (
  `x` int(11) DEFAULT NULL,
  `c` mediumtext DEFAULT NULL,
  KEY `x` (`x`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `s` (
  `ti` tinyint(4) DEFAULT NULL,
  `i` int(11) DEFAULT NULL,
  `ui` int(10) unsigned DEFAULT NULL,
  `bi` bigint(20) DEFAULT NULL,
  `f` float DEFAULT NULL,
  `d` double DEFAULT NULL,
  `dc` decimal(5,2) DEFAULT NULL,
  `c` varchar(10) DEFAULT NULL,
  `ch` char(3) DEFAULT NULL,
  `tx` text DEFAULT NULL,
  `dt` date DEFAULT NULL,
  `tm` time(2) DEFAULT NULL,
  `dtm` datetime DEFAULT NULL,
  `y` year(4) DEFAULT NULL,
  `e` enum('a','bb') DEFAULT NULL,
  `nn` int(11) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

