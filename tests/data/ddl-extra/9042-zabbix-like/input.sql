CREATE TABLE `hosts` (`hostid` bigint unsigned NOT NULL, `proxy_hostid` bigint unsigned NULL, `host` varchar(128) DEFAULT '' NOT NULL, `status` integer DEFAULT '0' NOT NULL, `ipmi_authtype` integer DEFAULT '-1' NOT NULL, `description` text NOT NULL, `flags` integer DEFAULT '0' NOT NULL, PRIMARY KEY (hostid)) ENGINE=InnoDB;
CREATE INDEX `hosts_1` ON `hosts` (`host`);
CREATE INDEX `hosts_2` ON `hosts` (`status`);
CREATE INDEX `hosts_3` ON `hosts` (`proxy_hostid`);
ALTER TABLE `hosts` ADD CONSTRAINT `c_hosts_1` FOREIGN KEY (`proxy_hostid`) REFERENCES `hosts` (`hostid`);
CREATE TABLE `items` (`itemid` bigint unsigned NOT NULL, `type` integer DEFAULT '0' NOT NULL, `hostid` bigint unsigned NOT NULL, `name` varchar(255) DEFAULT '' NOT NULL, `key_` varchar(2048) DEFAULT '' NOT NULL, `delay` varchar(1024) DEFAULT '0' NOT NULL, `history` varchar(255) DEFAULT '90d' NOT NULL, `value_type` integer DEFAULT '0' NOT NULL, `units` varchar(255) DEFAULT '' NOT NULL, `params` text NOT NULL, PRIMARY KEY (itemid)) ENGINE=InnoDB;
CREATE INDEX `items_1` ON `items` (`hostid`,`key_`(764));
ALTER TABLE `items` ADD CONSTRAINT `c_items_1` FOREIGN KEY (`hostid`) REFERENCES `hosts` (`hostid`) ON DELETE CASCADE;
CREATE TABLE `history` (`itemid` bigint unsigned NOT NULL, `clock` integer DEFAULT '0' NOT NULL, `value` DOUBLE PRECISION DEFAULT '0.0000' NOT NULL, `ns` integer DEFAULT '0' NOT NULL, PRIMARY KEY (itemid,clock,ns)) ENGINE=InnoDB;
