CREATE TABLE `users` (
`uid` INT unsigned NOT NULL,
`uuid` VARCHAR(128) CHARACTER SET ascii NOT NULL,
`langcode` VARCHAR(12) CHARACTER SET ascii NOT NULL,
PRIMARY KEY (`uid`),
UNIQUE KEY `user_field__uuid__value` (`uuid`)
) ENGINE = InnoDB DEFAULT CHARACTER SET utf8mb4 COMMENT 'The base table for user entities.';
CREATE TABLE `users_field_data` (
`uid` INT unsigned NOT NULL,
`langcode` VARCHAR(12) CHARACTER SET ascii NOT NULL,
`preferred_langcode` VARCHAR(12) CHARACTER SET ascii NULL DEFAULT NULL,
`name` VARCHAR(60) NOT NULL,
`pass` VARCHAR(255) NULL DEFAULT NULL,
`mail` VARCHAR(254) NULL DEFAULT NULL,
`timezone` VARCHAR(32) NULL DEFAULT NULL,
`status` TINYINT NULL DEFAULT NULL,
`created` INT NOT NULL,
`changed` INT NULL DEFAULT NULL,
`access` INT NOT NULL,
`login` INT NULL DEFAULT NULL,
`init` VARCHAR(254) NULL DEFAULT NULL,
`default_langcode` TINYINT NOT NULL,
PRIMARY KEY (`uid`, `langcode`),
UNIQUE KEY `user__name` (`name`, `langcode`),
INDEX `user_field__mail` (`mail`(191)),
INDEX `user_field__created` (`created`),
INDEX `user_field__access` (`access`),
INDEX `user__id__default_langcode__langcode` (`uid`, `default_langcode`, `langcode`)
) ENGINE = InnoDB DEFAULT CHARACTER SET utf8mb4 COMMENT 'The data table for user entities.';
CREATE TABLE `cache_default` (
`cid` VARCHAR(255) BINARY CHARACTER SET ascii NOT NULL DEFAULT '' COMMENT 'Primary Key: Unique cache ID.',
`data` LONGBLOB NULL DEFAULT NULL COMMENT 'A collection of data to cache.',
`expire` INT NOT NULL DEFAULT 0 COMMENT 'A Unix timestamp indicating when the cache entry should expire, or -1 for never.',
`created` DECIMAL(14, 3) NOT NULL DEFAULT 0 COMMENT 'A timestamp with millisecond precision indicating when the cache entry was created.',
`serialized` SMALLINT NOT NULL DEFAULT 0 COMMENT 'A flag to indicate whether content is serialized (1) or not (0).',
`tags` LONGTEXT NULL DEFAULT NULL COMMENT 'Space-separated list of cache tags for this entry.',
`checksum` VARCHAR(255) CHARACTER SET ascii NOT NULL COMMENT 'The tag invalidation checksum when this entry was saved.',
PRIMARY KEY (`cid`),
INDEX `expire` (`expire`),
INDEX `created` (`created`)
) ENGINE = InnoDB DEFAULT CHARACTER SET utf8mb4 COMMENT 'Storage for the cache API.';
CREATE TABLE `key_value` (
`collection` VARCHAR(128) CHARACTER SET ascii NOT NULL DEFAULT '' COMMENT 'A named collection of key and value pairs.',
`name` VARCHAR(128) CHARACTER SET ascii NOT NULL DEFAULT '' COMMENT 'The key of the key-value pair. As KEY is a SQL reserved keyword, name was chosen instead.',
`value` LONGBLOB NOT NULL COMMENT 'The value.',
PRIMARY KEY (`collection`, `name`)
) ENGINE = InnoDB DEFAULT CHARACTER SET utf8mb4 COMMENT 'Generic key-value storage table. See the state system for an example.';
CREATE TABLE `node_field_data` (
`nid` INT unsigned NOT NULL,
`vid` INT unsigned NOT NULL,
`type` VARCHAR(32) CHARACTER SET ascii NOT NULL COMMENT 'The ID of the target entity.',
`langcode` VARCHAR(12) CHARACTER SET ascii NOT NULL,
`status` TINYINT NOT NULL,
`uid` INT unsigned NOT NULL COMMENT 'The ID of the target entity.',
`title` VARCHAR(255) NOT NULL,
`created` INT NOT NULL,
`changed` INT NOT NULL,
`promote` TINYINT NOT NULL,
`sticky` TINYINT NOT NULL,
`default_langcode` TINYINT NOT NULL,
`revision_translation_affected` TINYINT NULL DEFAULT NULL,
PRIMARY KEY (`nid`, `langcode`),
INDEX `node__id__default_langcode__langcode` (`nid`, `default_langcode`, `langcode`),
INDEX `node__vid` (`vid`),
INDEX `node_field__type__target_id` (`type`),
INDEX `node_field__uid__target_id` (`uid`),
INDEX `node_field__created` (`created`),
INDEX `node__frontpage` (`promote`, `status`, `sticky`, `created`),
INDEX `node__status_type` (`status`, `type`, `nid`),
INDEX `node__title_type` (`title`(191), `type`(4))
) ENGINE = InnoDB DEFAULT CHARACTER SET utf8mb4 COMMENT 'The data table for node entities.';
CREATE TABLE `semaphore` (
`name` VARCHAR(255) BINARY CHARACTER SET ascii NOT NULL DEFAULT '',
`value` VARCHAR(255) BINARY CHARACTER SET ascii NOT NULL DEFAULT '',
`expire` DOUBLE NOT NULL,
PRIMARY KEY (`name`),
INDEX `value` (`value`),
INDEX `expire` (`expire`)
) ENGINE = InnoDB DEFAULT CHARACTER SET utf8mb4 COMMENT 'Table for holding semaphores, locks, flags, etc. that cannot be stored as state since they must not be cached.';
ALTER TABLE `users_field_data` ADD `mail_verified` TINYINT NOT NULL DEFAULT 0 AFTER `mail`;
ALTER TABLE `cache_default` CHANGE `expire` `expire` INT NOT NULL DEFAULT 0 COMMENT 'A Unix timestamp indicating when the cache entry should expire, or -1 for never.';
ALTER TABLE `semaphore` DROP INDEX `value`;
ALTER TABLE `semaphore` ADD INDEX `value` (`value`);
ALTER TABLE `node_field_data` COMMENT = 'The data table for node entities (translatable).';
CREATE TABLE `cache_render` LIKE `cache_default`;
