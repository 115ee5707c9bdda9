CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t` (
  `id` int(11) NOT NULL,
  `a` varchar(20) DEFAULT NULL,
  `b` int(11) NOT NULL,
  `c` text DEFAULT NULL,
  `d` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`,`b`),
  UNIQUE KEY `b` (`b`),
  UNIQUE KEY `uq_d` (`d`,`a`) COMMENT 'u',
  UNIQUE KEY `uq_named` (`a`,`d`),
  UNIQUE KEY `c` (`c`(30)),
  UNIQUE KEY `c_2` (`c`) USING HASH,
  KEY `idx_a` (`a`) IGNORED,
  KEY `idx_c` (`c`(20)) COMMENT 'prefix',
  KEY `idx_bd` (`b` DESC,`d`),
  KEY `idx_a2` (`a`,`b`) USING BTREE,
  KEY `idx_big` (`a`,`b`,`c`(100),`d`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

