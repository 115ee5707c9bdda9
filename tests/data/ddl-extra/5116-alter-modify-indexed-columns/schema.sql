CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `c` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `note2` varchar(300) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci DEFAULT NULL,
  `parent_id` int(11) NOT NULL,
  `code` varchar(20) NOT NULL,
  PRIMARY KEY (`id`),
  KEY `k_note` (`note2`),
  KEY `k_multi` (`parent_id`,`note2`),
  KEY `fk_code` (`code`),
  CONSTRAINT `fk_code` FOREIGN KEY (`code`) REFERENCES `p` (`code`),
  CONSTRAINT `fk_p` FOREIGN KEY (`parent_id`) REFERENCES `p` (`pk`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `p` (
  `pk` int(11) NOT NULL,
  `code` varchar(20) NOT NULL,
  PRIMARY KEY (`pk`),
  UNIQUE KEY `uq_code` (`code`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

