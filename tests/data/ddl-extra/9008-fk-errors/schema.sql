CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `c` (
  `id` int(11) NOT NULL,
  `parent` int(11) DEFAULT NULL,
  `code` varchar(20) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `pid` (`parent`),
  KEY `code` (`code`),
  CONSTRAINT `c_ibfk_1` FOREIGN KEY (`parent`) REFERENCES `p_old` (`id`) ON DELETE SET NULL,
  CONSTRAINT `c_ibfk_2` FOREIGN KEY (`code`) REFERENCES `p_old` (`code`),
  CONSTRAINT `fk3` FOREIGN KEY (`id`) REFERENCES `p_old` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `p_old` (
  `id` int(11) NOT NULL,
  `code` varchar(10) DEFAULT NULL,
  `x` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `code` (`code`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

