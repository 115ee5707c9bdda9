CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `acc` (
  `owner` varchar(40) NOT NULL,
  `id` bigint(20) NOT NULL AUTO_INCREMENT,
  `balance` decimal(12,2) DEFAULT NULL,
  `opened` date NOT NULL INVISIBLE DEFAULT '2000-01-01' COMMENT 'opening date',
  `notes` text DEFAULT NULL,
  `j` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT '{}' CHECK (json_valid(`j`)),
  `t` text NOT NULL DEFAULT 'x',
  `ts` timestamp NULL DEFAULT NULL,
  `ts2` timestamp NULL DEFAULT NULL,
  `pt` point NOT NULL,
  PRIMARY KEY (`id`,`owner`),
  KEY `st` (`opened`),
  SPATIAL KEY `pt` (`pt`),
  FULLTEXT KEY `j` (`j`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

