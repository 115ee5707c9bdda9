CREATE TABLE user (
  user_id INT UNSIGNED AUTO_INCREMENT NOT NULL,
  user_name VARBINARY(255) DEFAULT '' NOT NULL,
  user_real_name VARBINARY(255) DEFAULT '' NOT NULL,
  user_password TINYBLOB NOT NULL,
  user_newpassword TINYBLOB NOT NULL,
  user_newpass_time BINARY(14) DEFAULT NULL,
  user_email TINYBLOB NOT NULL,
  user_touched BINARY(14) NOT NULL,
  user_token BINARY(32) DEFAULT '' NOT NULL,
  user_email_authenticated BINARY(14) DEFAULT NULL,
  user_email_token BINARY(32) DEFAULT NULL,
  user_email_token_expires BINARY(14) DEFAULT NULL,
  user_registration BINARY(14) DEFAULT NULL,
  user_editcount INT UNSIGNED DEFAULT NULL,
  user_password_expires VARBINARY(14) DEFAULT NULL,
  user_is_temp TINYINT(1) DEFAULT 0 NOT NULL,
  UNIQUE INDEX user_name (user_name),
  INDEX user_email_token (user_email_token),
  INDEX user_email (user_email(50)),
  PRIMARY KEY(user_id)
) ENGINE = InnoDB DEFAULT CHARSET = binary;
CREATE TABLE user_groups (
  ug_user INT UNSIGNED DEFAULT 0 NOT NULL,
  ug_group VARBINARY(255) DEFAULT '' NOT NULL,
  ug_expiry VARBINARY(14) DEFAULT NULL,
  INDEX ug_group (ug_group),
  INDEX ug_expiry (ug_expiry),
  PRIMARY KEY(ug_user, ug_group)
) ENGINE = InnoDB DEFAULT CHARSET = binary;
CREATE TABLE page (
  page_id INT UNSIGNED AUTO_INCREMENT NOT NULL,
  page_namespace INT NOT NULL,
  page_title VARBINARY(255) NOT NULL,
  page_is_redirect TINYINT(1) UNSIGNED DEFAULT 0 NOT NULL,
  page_is_new TINYINT(1) UNSIGNED DEFAULT 0 NOT NULL,
  page_random DOUBLE PRECISION UNSIGNED NOT NULL,
  page_touched BINARY(14) NOT NULL,
  page_links_updated BINARY(14) DEFAULT NULL,
  page_latest INT UNSIGNED NOT NULL,
  page_len INT UNSIGNED NOT NULL,
  page_content_model VARBINARY(32) DEFAULT NULL,
  page_lang VARBINARY(35) DEFAULT NULL,
  page_restrictions TINYBLOB DEFAULT NULL,
  INDEX page_random (page_random),
  INDEX page_len (page_len),
  INDEX page_redirect_namespace_len (page_is_redirect, page_namespace, page_len),
  UNIQUE INDEX page_name_title (page_namespace, page_title),
  PRIMARY KEY(page_id)
) ENGINE = InnoDB DEFAULT CHARSET = binary;
CREATE TABLE revision (
  rev_id BIGINT UNSIGNED AUTO_INCREMENT NOT NULL,
  rev_page INT UNSIGNED NOT NULL,
  rev_comment_id BIGINT UNSIGNED DEFAULT 0 NOT NULL,
  rev_actor BIGINT UNSIGNED DEFAULT 0 NOT NULL,
  rev_timestamp BINARY(14) NOT NULL,
  rev_minor_edit TINYINT UNSIGNED DEFAULT 0 NOT NULL,
  rev_deleted TINYINT UNSIGNED DEFAULT 0 NOT NULL,
  rev_len INT UNSIGNED DEFAULT NULL,
  rev_parent_id BIGINT UNSIGNED DEFAULT NULL,
  rev_sha1 VARBINARY(32) DEFAULT '' NOT NULL,
  INDEX rev_timestamp (rev_timestamp),
  INDEX rev_page_timestamp (rev_page, rev_timestamp),
  INDEX rev_actor_timestamp (rev_actor, rev_timestamp, rev_id),
  INDEX rev_page_actor_timestamp (rev_page, rev_actor, rev_timestamp),
  PRIMARY KEY(rev_id)
) ENGINE = InnoDB DEFAULT CHARSET = binary MAX_ROWS = 10000000 AVG_ROW_LENGTH = 1024;
CREATE TABLE text (
  old_id INT UNSIGNED AUTO_INCREMENT NOT NULL,
  old_text MEDIUMBLOB NOT NULL,
  old_flags TINYBLOB NOT NULL,
  PRIMARY KEY(old_id)
) ENGINE = InnoDB DEFAULT CHARSET = binary MAX_ROWS = 10000000 AVG_ROW_LENGTH = 10240;
CREATE TABLE categorylinks (
  cl_from INT UNSIGNED DEFAULT 0 NOT NULL,
  cl_to VARBINARY(255) DEFAULT '' NOT NULL,
  cl_sortkey VARBINARY(230) DEFAULT '' NOT NULL,
  cl_sortkey_prefix VARBINARY(255) DEFAULT '' NOT NULL,
  cl_timestamp TIMESTAMP NOT NULL,
  cl_collation VARBINARY(32) DEFAULT '' NOT NULL,
  cl_type ENUM('page', 'subcat', 'file') DEFAULT 'page' NOT NULL,
  INDEX cl_sortkey (cl_to, cl_type, cl_sortkey, cl_from),
  INDEX cl_timestamp (cl_to, cl_timestamp),
  INDEX cl_collation_ext (cl_collation, cl_to, cl_type, cl_from),
  PRIMARY KEY(cl_from, cl_to)
) ENGINE = InnoDB DEFAULT CHARSET = binary;
CREATE TABLE searchindex (
  si_page INT UNSIGNED NOT NULL,
  si_title VARCHAR(255) DEFAULT '' NOT NULL,
  si_text MEDIUMTEXT NOT NULL,
  UNIQUE INDEX si_page (si_page),
  FULLTEXT INDEX si_title (si_title),
  FULLTEXT INDEX si_text (si_text)
) ENGINE = MyISAM DEFAULT CHARSET = utf8;
CREATE TABLE objectcache (
  keyname VARBINARY(255) DEFAULT '' NOT NULL,
  value MEDIUMBLOB DEFAULT NULL,
  exptime BINARY(14) NOT NULL,
  modtoken VARCHAR(17) DEFAULT '00000000000000000' NOT NULL,
  flags INT UNSIGNED DEFAULT NULL,
  INDEX exptime (exptime),
  PRIMARY KEY(keyname)
) ENGINE = InnoDB DEFAULT CHARSET = binary;
CREATE TABLE site_stats (
  ss_row_id INT UNSIGNED NOT NULL,
  ss_total_edits BIGINT UNSIGNED DEFAULT NULL,
  ss_good_articles BIGINT UNSIGNED DEFAULT NULL,
  ss_total_pages BIGINT UNSIGNED DEFAULT NULL,
  ss_users BIGINT UNSIGNED DEFAULT NULL,
  ss_active_users BIGINT UNSIGNED DEFAULT NULL,
  ss_images BIGINT UNSIGNED DEFAULT NULL,
  PRIMARY KEY(ss_row_id)
) ENGINE = InnoDB DEFAULT CHARSET = binary;
CREATE TABLE watchlist (
  wl_id INT UNSIGNED AUTO_INCREMENT NOT NULL,
  wl_user INT UNSIGNED NOT NULL,
  wl_namespace INT DEFAULT 0 NOT NULL,
  wl_title VARBINARY(255) DEFAULT '' NOT NULL,
  wl_notificationtimestamp BINARY(14) DEFAULT NULL,
  UNIQUE INDEX wl_user (wl_user, wl_namespace, wl_title),
  INDEX wl_namespace_title (wl_namespace, wl_title),
  INDEX wl_user_notificationtimestamp (wl_user, wl_notificationtimestamp),
  PRIMARY KEY(wl_id)
) ENGINE = InnoDB DEFAULT CHARSET = binary;
ALTER TABLE page DROP page_restrictions;
ALTER TABLE categorylinks MODIFY cl_timestamp TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP;
ALTER TABLE user CHANGE user_touched user_touched BINARY(14) NOT NULL DEFAULT '\0\0\0\0\0\0\0\0\0\0\0\0\0\0';
ALTER TABLE revision DROP INDEX rev_page_timestamp, ADD INDEX rev_page_timestamp (rev_page, rev_timestamp, rev_id);
ALTER TABLE objectcache DROP COLUMN flags;
ALTER TABLE text ENGINE = InnoDB, MAX_ROWS = 0, AVG_ROW_LENGTH = 0;
