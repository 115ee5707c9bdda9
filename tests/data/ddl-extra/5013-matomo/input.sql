CREATE TABLE `matomo_log_visit` (
  idvisit BIGINT(10) UNSIGNED NOT NULL AUTO_INCREMENT,
  idsite INTEGER(10) UNSIGNED NOT NULL,
  idvisitor BINARY(8) NOT NULL,
  visit_last_action_time DATETIME NOT NULL,
  config_id BINARY(8) NOT NULL,
  location_ip VARBINARY(16) NOT NULL,
  user_id VARCHAR(200) NULL,
  visit_first_action_time DATETIME NOT NULL,
  visit_goal_buyer TINYINT(1) NULL,
  visit_goal_converted TINYINT(1) NULL,
  visitor_returning TINYINT(1) NULL,
  visitor_count_visits INT(11) UNSIGNED NOT NULL DEFAULT 0,
  visit_total_time INT(11) UNSIGNED NOT NULL,
  referer_name VARCHAR(255) NULL,
  referer_type TINYINT(1) UNSIGNED NULL,
  referer_url TEXT NULL,
  location_country CHAR(3) NULL,
  location_latitude DECIMAL(9, 6) NULL,
  location_longitude DECIMAL(9, 6) NULL,
  config_resolution VARCHAR(18) NULL,
  PRIMARY KEY(idvisit),
  INDEX index_idsite_config_datetime (idsite, config_id, visit_last_action_time),
  INDEX index_idsite_datetime (idsite, visit_last_action_time),
  INDEX index_idsite_idvisitor (idsite, idvisitor, visit_last_action_time DESC)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
CREATE TABLE `matomo_log_link_visit_action` (
  idlink_va BIGINT(10) UNSIGNED NOT NULL AUTO_INCREMENT,
  idsite int(10) UNSIGNED NOT NULL,
  idvisitor BINARY(8) NOT NULL,
  idvisit BIGINT(10) UNSIGNED NOT NULL,
  idaction_url_ref INTEGER(10) UNSIGNED NULL DEFAULT 0,
  idaction_name_ref INTEGER(10) UNSIGNED NULL,
  custom_float DOUBLE NULL DEFAULT NULL,
  pageview_position MEDIUMINT UNSIGNED DEFAULT NULL,
  server_time DATETIME NOT NULL,
  idpageview CHAR(6) NULL DEFAULT NULL,
  time_spent_ref_action INTEGER(10) UNSIGNED NULL,
  PRIMARY KEY(idlink_va),
  INDEX index_idvisit(idvisit),
  INDEX index_idsite_servertime ( idsite, server_time )
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
CREATE TABLE `matomo_log_action` (
  idaction INTEGER(10) UNSIGNED NOT NULL AUTO_INCREMENT,
  name VARCHAR(4096),
  hash INTEGER(10) UNSIGNED NOT NULL,
  type TINYINT UNSIGNED NULL,
  url_prefix TINYINT(2) NULL,
  PRIMARY KEY(idaction),
  INDEX index_type_hash (type, hash)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
CREATE TABLE `matomo_archive_numeric_2024_01` (
  idarchive INTEGER UNSIGNED NOT NULL,
  name VARCHAR(190) NOT NULL,
  idsite INTEGER UNSIGNED NULL,
  date1 DATE NULL,
  date2 DATE NULL,
  period TINYINT UNSIGNED NULL,
  ts_archived DATETIME NULL,
  value DOUBLE NULL,
  PRIMARY KEY(idarchive, name),
  INDEX index_idsite_dates_period(idsite, date1, date2, period, name(6)),
  INDEX index_period_archived(period, ts_archived)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
CREATE TABLE `matomo_archive_blob_2024_01` (
  idarchive INTEGER UNSIGNED NOT NULL,
  name VARCHAR(190) NOT NULL,
  idsite INTEGER UNSIGNED NULL,
  date1 DATE NULL,
  date2 DATE NULL,
  period TINYINT UNSIGNED NULL,
  ts_archived DATETIME NULL,
  value MEDIUMBLOB NULL,
  PRIMARY KEY(idarchive, name),
  INDEX index_period_archived(period, ts_archived)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
CREATE TABLE `matomo_option` (
  option_name VARCHAR( 191 ) NOT NULL,
  option_value LONGTEXT NOT NULL,
  autoload TINYINT NOT NULL DEFAULT '1',
  PRIMARY KEY ( option_name ),
  INDEX autoload( autoload )
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
CREATE TABLE `matomo_archive_numeric_2024_02` LIKE `matomo_archive_numeric_2024_01`;
ALTER TABLE `matomo_log_visit` ADD COLUMN `config_client_type` TINYINT(1) NULL DEFAULT NULL, ADD COLUMN `config_device_brand` VARCHAR(100) NULL DEFAULT NULL, ADD COLUMN `profilable` TINYINT(1) NULL;
ALTER TABLE `matomo_log_link_visit_action` ADD COLUMN `product_price` DOUBLE NULL, MODIFY COLUMN `idpageview` CHAR(6) NULL DEFAULT NULL;
ALTER TABLE `matomo_log_action` MODIFY COLUMN `name` VARCHAR(4096) NULL, MODIFY COLUMN `type` TINYINT UNSIGNED NULL;
ALTER TABLE `matomo_log_visit` CHANGE `location_latitude` `location_latitude` DECIMAL(9,6) NULL, CHANGE `location_longitude` `location_longitude` DECIMAL(9,6) NULL;
ALTER TABLE `matomo_option` ROW_FORMAT=DYNAMIC;
ALTER TABLE `matomo_log_visit` DROP INDEX `index_idsite_idvisitor`, ADD INDEX `index_idsite_idvisitor_time` (`idsite`, `idvisitor`, `visit_last_action_time` DESC);
DROP TABLE IF EXISTS `matomo_archive_blob_2024_01`, `matomo_archive_blob_2023_12`;
