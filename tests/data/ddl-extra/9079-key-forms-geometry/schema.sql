CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `k` (
  `a` int(11) NOT NULL,
  `b` varchar(10) DEFAULT NULL,
  `c` text DEFAULT NULL,
  `d` int(11) NOT NULL,
  `e` point NOT NULL,
  PRIMARY KEY (`d`),
  UNIQUE KEY `uq` (`d`),
  UNIQUE KEY `uq2` (`d`),
  UNIQUE KEY `b` (`b`),
  UNIQUE KEY `c` (`c`) USING HASH,
  KEY `b_2` (`b`),
  KEY `kc` (`c`(10)),
  KEY `d` (`d` DESC,`a`),
  KEY `e` (`e`(25)),
  SPATIAL KEY `e_2` (`e`),
  KEY `kk` (`a`) USING BTREE,
  KEY `kh` (`a`) USING HASH,
  KEY `c_2` (`c`(768)),
  FULLTEXT KEY `b_3` (`b`,`c`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

