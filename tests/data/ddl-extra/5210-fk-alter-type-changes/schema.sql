CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `posts` (
  `id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `owner_id` bigint(20) unsigned NOT NULL,
  `author` varchar(80) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `posts_user_fk` (`owner_id`),
  KEY `posts_author_fk` (`author`),
  CONSTRAINT `posts_user_fk` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE CASCADE ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `users` (
  `id` bigint(20) unsigned NOT NULL,
  `uname` varchar(50) NOT NULL COMMENT 'login',
  PRIMARY KEY (`id`),
  UNIQUE KEY `uq_uname` (`uname`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

