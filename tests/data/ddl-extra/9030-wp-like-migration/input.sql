CREATE TABLE wp_options (option_id bigint(20) unsigned NOT NULL auto_increment, option_name varchar(191) NOT NULL default '', option_value longtext NOT NULL, autoload varchar(20) NOT NULL default 'yes', PRIMARY KEY (option_id), UNIQUE KEY option_name (option_name), KEY autoload (autoload)) DEFAULT CHARACTER SET utf8 COLLATE utf8_general_ci;
ALTER TABLE wp_options CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;
ALTER TABLE wp_options MODIFY option_name varchar(191) NOT NULL default '' COLLATE utf8mb4_bin;
ALTER TABLE wp_options ADD COLUMN created_at DATETIME NULL DEFAULT NULL AFTER autoload, ADD INDEX idx_created (created_at);
ALTER TABLE wp_options DROP INDEX autoload, ADD INDEX autoload (autoload, option_name);
ALTER TABLE wp_options ENGINE=InnoDB ROW_FORMAT=DYNAMIC;
ALTER TABLE wp_options AUTO_INCREMENT = 1000;
