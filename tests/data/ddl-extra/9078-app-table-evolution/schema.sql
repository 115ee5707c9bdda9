CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `o` (
  `id` char(36) NOT NULL,
  `tenant_id` int(10) unsigned NOT NULL,
  `sku` varchar(128) NOT NULL,
  `qty` int(11) NOT NULL DEFAULT 1,
  `status` varchar(16) NOT NULL DEFAULT 'new',
  `price` decimal(19,4) NOT NULL,
  `meta` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_valid(`meta`)),
  `created_at` datetime NOT NULL DEFAULT current_timestamp(),
  `total` decimal(19,4) GENERATED ALWAYS AS (`qty` * `price`) STORED,
  `deleted` tinyint(1) NOT NULL DEFAULT 0,
  `deleted_at` datetime(3) DEFAULT NULL,
  PRIMARY KEY (`id`) KEY_BLOCK_SIZE=8,
  UNIQUE KEY `uq_tenant_sku` (`tenant_id`,`sku`,`status`) KEY_BLOCK_SIZE=8,
  KEY `idx_created_at` (`created_at`) KEY_BLOCK_SIZE=8,
  KEY `idx_status_created` (`status`,`created_at`) KEY_BLOCK_SIZE=8,
  KEY `idx_total` (`total`) KEY_BLOCK_SIZE=8 IGNORED,
  CONSTRAINT `ck_qty` CHECK (`qty` > 0),
  CONSTRAINT `ck_price` CHECK (`price` >= 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci STATS_PERSISTENT=0 STATS_AUTO_RECALC=1 STATS_SAMPLE_PAGES=20 COMMENT='orders v2' `PAGE_COMPRESSED`='0' `ENCRYPTED`='NO';

