CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `gen` (
  `a` int(11) DEFAULT NULL,
  `v1` bigint(20) GENERATED ALWAYS AS (`a` * 4) VIRTUAL COMMENT 'still virtual',
  `p1` int(11) GENERATED ALWAYS AS (`a` * 3) STORED,
  `plain` bigint(20) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `seq` (
  `n` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `note` varchar(10) DEFAULT NULL,
  `m` int(11) DEFAULT NULL CHECK (`m` > 0),
  UNIQUE KEY `n` (`n`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

