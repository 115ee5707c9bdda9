CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t` (
  `a_new` varchar(20) NOT NULL DEFAULT '' COMMENT 'renamed',
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `c` text DEFAULT NULL,
  `b` bigint(20) DEFAULT NULL,
  `g` int(11) NOT NULL,
  `h` datetime NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`a_new`,`b`),
  FULLTEXT KEY `ft` (`c`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

