CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t` (
  `id` int(10) unsigned NOT NULL,
  `sku` varchar(64) DEFAULT NULL,
  `title` varchar(300) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
  `price` decimal(10,2) unsigned DEFAULT 0.00,
  `status` tinyint(1) NOT NULL,
  `data` blob DEFAULT NULL,
  `created` datetime NOT NULL,
  `z` varchar(5) DEFAULT NULL,
  UNIQUE KEY `name` (`title`) USING HASH,
  UNIQUE KEY `uq_sku` (`sku`),
  KEY `idx_status_created` (`status`,`created`),
  KEY `i_t` (`title`(50)),
  FULLTEXT KEY `title` (`title`)
) ENGINE=MyISAM DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci ROW_FORMAT=DYNAMIC COMMENT='products';

