CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `legacy` (
  `id` int(11) NOT NULL,
  `a` char(200) DEFAULT NULL,
  `b` varbinary(800) DEFAULT NULL,
  `c` text DEFAULT NULL,
  `d` varchar(767) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  `e` varchar(255) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uc` (`c`) USING HASH,
  KEY `ia` (`a`(191)),
  KEY `ib` (`b`(767)),
  KEY `ic` (`c`(191)),
  KEY `id_` (`d`),
  KEY `ie` (`e`),
  KEY `ide` (`d`,`e`,`a`(100)),
  KEY `k3` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `legacy2` (
  `u` varchar(300) NOT NULL,
  PRIMARY KEY (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci ROW_FORMAT=REDUNDANT;

CREATE TABLE `legacy3` (
  `u` varchar(300) NOT NULL,
  PRIMARY KEY (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci ROW_FORMAT=REDUNDANT;

