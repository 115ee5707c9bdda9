CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `a` (
  `id` int(11) NOT NULL,
  `n` varchar(10) DEFAULT 'it''s',
  `m` varchar(10) DEFAULT 'back\\slash',
  `o` varchar(10) DEFAULT 'tab	here',
  `p` varchar(10) DEFAULT 'q"uote',
  `q` varchar(10) DEFAULT 'nl\nx',
  `r` varchar(20) DEFAULT '%_',
  `s` varchar(5) DEFAULT 'A',
  `t` varbinary(5) DEFAULT 'AB',
  `u` bit(4) DEFAULT b'101',
  `v` char(3) DEFAULT 'abc',
  `w` varchar(10) DEFAULT 'nat',
  `x` int(11) DEFAULT 5,
  `y` double DEFAULT -15000000000,
  `z` decimal(10,3) DEFAULT 0.500,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci COMMENT='tab	and ''quote''';

CREATE TABLE `a``b` (
  `c``d` int(11) DEFAULT NULL COMMENT 'x\\y',
  KEY `k``e` (`c``d`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci COMMENT='dq';

CREATE TABLE `b` (
  `a` enum('x''y','a\\b','c"d') DEFAULT 'x''y',
  `s` set('','p') DEFAULT ''
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c` (
  `a` varchar(10) DEFAULT '',
  `b` text DEFAULT '',
  `c` blob DEFAULT ''
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

