CREATE TABLE `store_website` (
`website_id` smallint UNSIGNED NOT NULL AUTO_INCREMENT COMMENT 'Website ID',
`code` varchar(32) NULL COMMENT 'Code',
`name` varchar(64) NULL COMMENT 'Website Name',
`sort_order` smallint UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Sort Order',
`default_group_id` smallint UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Default Group ID',
`is_default` smallint UNSIGNED NULL DEFAULT 0 COMMENT 'Defines Is Website Default',
CONSTRAINT  PRIMARY KEY (`website_id`),
CONSTRAINT `STORE_WEBSITE_CODE` UNIQUE KEY (`code`),
INDEX `STORE_WEBSITE_SORT_ORDER` (`sort_order`),
INDEX `STORE_WEBSITE_DEFAULT_GROUP_ID` (`default_group_id`)
) ENGINE=innodb DEFAULT CHARSET=utf8 DEFAULT COLLATE=utf8_general_ci COMMENT='Websites';
CREATE TABLE `store` (
`store_id` smallint UNSIGNED NOT NULL AUTO_INCREMENT COMMENT 'Store ID',
`code` varchar(32) NULL COMMENT 'Code',
`website_id` smallint UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Website ID',
`group_id` smallint UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Group ID',
`name` varchar(255) NOT NULL COMMENT 'Store Name',
`sort_order` smallint UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Store Sort Order',
`is_active` smallint UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Store Activity',
CONSTRAINT  PRIMARY KEY (`store_id`),
CONSTRAINT `STORE_WEBSITE_ID_STORE_WEBSITE_WEBSITE_ID` FOREIGN KEY (`website_id`) REFERENCES `store_website` (`website_id`) ON DELETE CASCADE,
CONSTRAINT `STORE_CODE` UNIQUE KEY (`code`),
INDEX `STORE_WEBSITE_ID` (`website_id`),
INDEX `STORE_IS_ACTIVE_SORT_ORDER` (`is_active`,`sort_order`),
INDEX `STORE_GROUP_ID` (`group_id`)
) ENGINE=innodb DEFAULT CHARSET=utf8 DEFAULT COLLATE=utf8_general_ci COMMENT='Stores';
CREATE TABLE `eav_attribute` (
`attribute_id` smallint UNSIGNED NOT NULL AUTO_INCREMENT COMMENT 'Attribute ID',
`entity_type_id` smallint UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Entity Type ID',
`attribute_code` varchar(255) NOT NULL COMMENT 'Attribute Code',
`attribute_model` varchar(255) NULL COMMENT 'Attribute Model',
`backend_type` varchar(8) NOT NULL DEFAULT 'static' COMMENT 'Backend Type',
`frontend_input` varchar(50) NULL COMMENT 'Frontend Input',
`is_required` smallint UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Defines Is Required',
`default_value` text NULL COMMENT 'Default Value',
`note` varchar(255) NULL COMMENT 'Note',
CONSTRAINT  PRIMARY KEY (`attribute_id`),
CONSTRAINT `EAV_ATTRIBUTE_ENTITY_TYPE_ID_ATTRIBUTE_CODE` UNIQUE KEY (`entity_type_id`,`attribute_code`),
INDEX `EAV_ATTRIBUTE_FRONTEND_INPUT_ENTITY_TYPE_ID_IS_USER_DEFINED` (`frontend_input`,`entity_type_id`)
) ENGINE=innodb DEFAULT CHARSET=utf8 DEFAULT COLLATE=utf8_general_ci COMMENT='Eav Attribute';
CREATE TABLE `catalog_product_entity` (
`entity_id` int UNSIGNED NOT NULL AUTO_INCREMENT COMMENT 'Entity ID',
`attribute_set_id` smallint UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Attribute Set ID',
`type_id` varchar(32) NOT NULL DEFAULT 'simple' COMMENT 'Type ID',
`sku` varchar(64) NOT NULL COMMENT 'SKU',
`has_options` smallint NOT NULL DEFAULT 0 COMMENT 'Has Options',
`required_options` smallint UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Required Options',
`created_at` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP COMMENT 'Creation Time',
`updated_at` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP COMMENT 'Update Time',
CONSTRAINT  PRIMARY KEY (`entity_id`),
INDEX `CATALOG_PRODUCT_ENTITY_ATTRIBUTE_SET_ID` (`attribute_set_id`),
INDEX `CATALOG_PRODUCT_ENTITY_SKU` (`sku`)
) ENGINE=innodb DEFAULT CHARSET=utf8 DEFAULT COLLATE=utf8_general_ci COMMENT='Catalog Product Table';
CREATE TABLE `catalog_product_entity_decimal` (
`value_id` int NOT NULL AUTO_INCREMENT COMMENT 'Value ID',
`attribute_id` smallint UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Attribute ID',
`store_id` smallint UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Store ID',
`entity_id` int UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Entity ID',
`value` decimal(20,6) NULL COMMENT 'Value',
CONSTRAINT  PRIMARY KEY (`value_id`),
CONSTRAINT `CAT_PRD_ENTT_DEC_ATTR_ID_EAV_ATTR_ATTR_ID` FOREIGN KEY (`attribute_id`) REFERENCES `eav_attribute` (`attribute_id`) ON DELETE CASCADE,
CONSTRAINT `CAT_PRD_ENTT_DEC_ENTT_ID_CAT_PRD_ENTT_ENTT_ID` FOREIGN KEY (`entity_id`) REFERENCES `catalog_product_entity` (`entity_id`) ON DELETE CASCADE,
CONSTRAINT `CATALOG_PRODUCT_ENTITY_DECIMAL_STORE_ID_STORE_STORE_ID` FOREIGN KEY (`store_id`) REFERENCES `store` (`store_id`) ON DELETE CASCADE,
CONSTRAINT `CATALOG_PRODUCT_ENTITY_DECIMAL_ENTITY_ID_ATTRIBUTE_ID_STORE_ID` UNIQUE KEY (`entity_id`,`attribute_id`,`store_id`),
INDEX `CATALOG_PRODUCT_ENTITY_DECIMAL_STORE_ID` (`store_id`),
INDEX `CATALOG_PRODUCT_ENTITY_DECIMAL_ATTRIBUTE_ID` (`attribute_id`)
) ENGINE=innodb DEFAULT CHARSET=utf8 DEFAULT COLLATE=utf8_general_ci COMMENT='Catalog Product Decimal Attribute Backend Table';
CREATE TABLE `search_query` (
`query_id` int UNSIGNED NOT NULL AUTO_INCREMENT COMMENT 'Query ID',
`query_text` varchar(255) NULL COMMENT 'Query text',
`num_results` int UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Num results',
`popularity` int UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Popularity',
`store_id` smallint UNSIGNED NOT NULL DEFAULT 0 COMMENT 'Store ID',
`updated_at` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP COMMENT 'Updated at',
CONSTRAINT  PRIMARY KEY (`query_id`),
CONSTRAINT `SEARCH_QUERY_STORE_ID_STORE_STORE_ID` FOREIGN KEY (`store_id`) REFERENCES `store` (`store_id`) ON DELETE CASCADE,
CONSTRAINT `SEARCH_QUERY_QUERY_TEXT_STORE_ID` UNIQUE KEY (`query_text`,`store_id`),
INDEX `SEARCH_QUERY_QUERY_TEXT_STORE_ID_POPULARITY` (`query_text`,`store_id`,`popularity`),
INDEX `SEARCH_QUERY_STORE_ID` (`store_id`)
) ENGINE=innodb DEFAULT CHARSET=utf8 DEFAULT COLLATE=utf8_general_ci COMMENT='Search query table';
CREATE TABLE `sales_order` (
`entity_id` int UNSIGNED NOT NULL AUTO_INCREMENT COMMENT 'Entity ID',
`state` varchar(32) NULL COMMENT 'State',
`status` varchar(32) NULL COMMENT 'Status',
`store_id` smallint UNSIGNED NULL COMMENT 'Store ID',
`customer_id` int UNSIGNED NULL COMMENT 'Customer ID',
`base_grand_total` decimal(20,4) NULL COMMENT 'Base Grand Total',
`grand_total` decimal(20,4) NULL COMMENT 'Grand Total',
`total_qty_ordered` decimal(12,4) NULL COMMENT 'Total Qty Ordered',
`increment_id` varchar(32) NULL COMMENT 'Increment ID',
`customer_email` varchar(128) NULL COMMENT 'Customer Email',
`created_at` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP COMMENT 'Created At',
`updated_at` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP COMMENT 'Updated At',
`weight` decimal(12,4) NULL COMMENT 'Weight',
CONSTRAINT  PRIMARY KEY (`entity_id`),
CONSTRAINT `SALES_ORDER_STORE_ID_STORE_STORE_ID` FOREIGN KEY (`store_id`) REFERENCES `store` (`store_id`) ON DELETE SET NULL,
CONSTRAINT `SALES_ORDER_INCREMENT_ID_STORE_ID` UNIQUE KEY (`increment_id`,`store_id`),
INDEX `SALES_ORDER_STATUS` (`status`),
INDEX `SALES_ORDER_STATE` (`state`),
INDEX `SALES_ORDER_STORE_ID` (`store_id`),
INDEX `SALES_ORDER_CREATED_AT` (`created_at`),
INDEX `SALES_ORDER_CUSTOMER_ID` (`customer_id`),
INDEX `SALES_ORDER_UPDATED_AT` (`updated_at`)
) ENGINE=innodb DEFAULT CHARSET=utf8 DEFAULT COLLATE=utf8_general_ci COMMENT='Sales Flat Order';
ALTER TABLE `sales_order` ADD COLUMN `coupon_rule_name` varchar(255) NULL COMMENT 'Coupon Sales Rule Name', ADD COLUMN `gift_message_id` int NULL COMMENT 'Gift Message ID';
ALTER TABLE `catalog_product_entity` MODIFY COLUMN `sku` varchar(64) NOT NULL COMMENT 'SKU';
ALTER TABLE `eav_attribute` MODIFY COLUMN `note` varchar(255) NULL COMMENT 'Note', ADD INDEX `EAV_ATTRIBUTE_ATTRIBUTE_CODE` (`attribute_code`);
ALTER TABLE `search_query` ADD FULLTEXT INDEX `SEARCH_QUERY_QUERY_TEXT` (`query_text`);
ALTER TABLE `store_website` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci;
ALTER TABLE `sales_order` DROP FOREIGN KEY `SALES_ORDER_STORE_ID_STORE_STORE_ID`;
ALTER TABLE `sales_order` ADD CONSTRAINT `SALES_ORDER_STORE_ID_STORE_STORE_ID` FOREIGN KEY (`store_id`) REFERENCES `store` (`store_id`) ON DELETE SET NULL;
