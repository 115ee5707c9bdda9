CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t` (
  `a` int(11) DEFAULT NULL,
  `b` varchar(100) DEFAULT NULL,
  `c` text DEFAULT NULL,
  `d` int(11) DEFAULT NULL,
  UNIQUE KEY `b` (`b`,`a`),
  UNIQUE KEY `u1` (`d`),
  UNIQUE KEY `c_2` (`c`(10)),
  KEY `k1` (`a`,`b`(10)),
  KEY `k2` (`d`) USING BTREE COMMENT 'cmt',
  KEY `k3` (`a` DESC,`d`),
  KEY `c` (`c`(768)),
  FULLTEXT KEY `b_2` (`b`,`c`),
  FULLTEXT KEY `f2` (`c`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

