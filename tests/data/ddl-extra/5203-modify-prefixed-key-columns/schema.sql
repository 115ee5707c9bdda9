CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `docs` (
  `id` int(11) NOT NULL,
  `slug` blob DEFAULT NULL,
  `headline` varchar(40) NOT NULL,
  `body` mediumtext DEFAULT NULL,
  `code` int(11) DEFAULT NULL,
  `tag` char(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `k_slug` (`slug`(3072)),
  KEY `k_title_code` (`headline`,`code`),
  KEY `k_body` (`body`(768)),
  KEY `k_tag` (`tag`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

