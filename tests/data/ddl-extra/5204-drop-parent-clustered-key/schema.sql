CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `acct` (
  `acct_no` bigint(20) NOT NULL,
  `email` varchar(80) NOT NULL,
  UNIQUE KEY `uq_email` (`email`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `inv` (
  `id` int(11) NOT NULL,
  `acct_no` bigint(20) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `inv_acct` (`acct_no`),
  CONSTRAINT `inv_acct` FOREIGN KEY (`acct_no`) REFERENCES `acct` (`acct_no`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `office` (
  `id` int(11) NOT NULL,
  `region` char(3) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `region` (`region`),
  CONSTRAINT `office_ibfk_1` FOREIGN KEY (`region`) REFERENCES `region` (`code`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `post_tag` (
  `post` int(11) DEFAULT NULL,
  `t` varchar(20) DEFAULT NULL,
  KEY `t` (`t`),
  CONSTRAINT `post_tag_ibfk_1` FOREIGN KEY (`t`) REFERENCES `tag` (`t`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `region` (
  `code` char(3) NOT NULL,
  `name` varchar(40) NOT NULL,
  UNIQUE KEY `uq_name` (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `tag` (
  `t` varchar(20) NOT NULL,
  PRIMARY KEY (`t`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

