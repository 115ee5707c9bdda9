CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `catalog_product_entity_varchar` (
  `value_id` int(11) NOT NULL AUTO_INCREMENT,
  `attribute_id` smallint(5) unsigned NOT NULL DEFAULT 0,
  `store_id` smallint(5) unsigned NOT NULL DEFAULT 0,
  `entity_id` int(10) unsigned NOT NULL DEFAULT 0,
  `value` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`value_id`),
  UNIQUE KEY `CATALOG_PRODUCT_ENTITY_VARCHAR_ENTITY_ID_ATTRIBUTE_ID_STORE_ID` (`entity_id`,`attribute_id`,`store_id`),
  KEY `CATALOG_PRODUCT_ENTITY_VARCHAR_ATTRIBUTE_ID` (`attribute_id`),
  KEY `CATALOG_PRODUCT_ENTITY_VARCHAR_STORE_ID` (`store_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE `customer_entity` (
  `entity_id` int(10) unsigned NOT NULL AUTO_INCREMENT COMMENT 'Customer ID',
  `website_id` smallint(5) unsigned DEFAULT NULL,
  `email` varchar(255) DEFAULT NULL,
  `group_id` smallint(5) unsigned NOT NULL DEFAULT 0,
  `is_active` smallint(5) unsigned NOT NULL DEFAULT 1,
  `dob` date DEFAULT NULL,
  `gender` smallint(5) unsigned DEFAULT NULL COMMENT 'Gender',
  `rp_token_created_at` datetime DEFAULT NULL,
  `failures_num` smallint(6) DEFAULT 0,
  `lock_expires` timestamp NULL DEFAULT NULL,
  `confirmation` varchar(64) DEFAULT NULL,
  PRIMARY KEY (`entity_id`),
  UNIQUE KEY `CUSTOMER_ENTITY_EMAIL_WEBSITE_ID` (`email`,`website_id`),
  KEY `CUSTOMER_ENTITY_WEBSITE_ID` (`website_id`)
) ENGINE=InnoDB AUTO_INCREMENT=12 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci COMMENT='Customer Entity';

CREATE TABLE `sales_order` (
  `entity_id` int(10) unsigned NOT NULL AUTO_INCREMENT COMMENT 'Entity Id',
  `state` varchar(32) DEFAULT NULL COMMENT 'State',
  `coupon_code` varchar(255) DEFAULT NULL COMMENT 'Coupon Code',
  `customer_id` int(10) unsigned DEFAULT NULL,
  `base_grand_total` decimal(20,4) DEFAULT NULL,
  `grand_total` decimal(12,4) NOT NULL DEFAULT 0.0000,
  `is_virtual` smallint(5) unsigned DEFAULT NULL,
  `customer_note_notify` smallint(5) unsigned DEFAULT 1,
  `created_at` timestamp NOT NULL DEFAULT current_timestamp(),
  `updated_at` timestamp NOT NULL DEFAULT current_timestamp() ON UPDATE current_timestamp(),
  `weight` decimal(12,4) DEFAULT 0.0000,
  `protect_code` varchar(255) DEFAULT NULL,
  `ip` varbinary(16) DEFAULT NULL,
  PRIMARY KEY (`entity_id`),
  KEY `SALES_ORDER_STATE` (`state`),
  KEY `SALES_ORDER_CUSTOMER_ID` (`customer_id`),
  KEY `SALES_ORDER_CREATED_AT` (`created_at`),
  CONSTRAINT `SALES_ORDER_CUSTOMER_ID_CUSTOMER_ENTITY_ENTITY_ID` FOREIGN KEY (`customer_id`) REFERENCES `customer_entity` (`entity_id`) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci COMMENT='Sales Flat Order';

CREATE TABLE `search_query` (
  `query_id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `query_text` varchar(255) DEFAULT NULL,
  `num_results` int(10) unsigned NOT NULL DEFAULT 0,
  `popularity` int(10) unsigned NOT NULL DEFAULT 0,
  `redirect` varchar(255) DEFAULT NULL,
  `store_id` smallint(5) unsigned NOT NULL DEFAULT 0,
  `display_in_terms` smallint(6) NOT NULL DEFAULT 1,
  `is_active` smallint(6) DEFAULT 1,
  `updated_at` timestamp NOT NULL DEFAULT current_timestamp() ON UPDATE current_timestamp(),
  PRIMARY KEY (`query_id`),
  UNIQUE KEY `SEARCH_QUERY_QUERY_TEXT_STORE_ID` (`query_text`,`store_id`),
  FULLTEXT KEY `SEARCH_QUERY_QUERY_TEXT` (`query_text`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci ROW_FORMAT=COMPACT COMMENT='Search queries';

