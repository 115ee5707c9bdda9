CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `c11` (
  `code` varchar(3) DEFAULT NULL,
  KEY `code` (`code`),
  CONSTRAINT `c11_ibfk_1` FOREIGN KEY (`code`) REFERENCES `p` (`code`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c12` (
  `pid` int(10) unsigned DEFAULT NULL,
  KEY `pid` (`pid`),
  CONSTRAINT `c12_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`),
  CONSTRAINT `c12_ibfk_2` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c13` (
  `pid` int(10) unsigned DEFAULT NULL,
  KEY `fk_same` (`pid`),
  CONSTRAINT `fk_same` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c15` (
  `id` int(11) NOT NULL,
  `parent` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `parent` (`parent`),
  CONSTRAINT `c15_ibfk_1` FOREIGN KEY (`parent`) REFERENCES `c15` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c17` (
  `pid` int(10) unsigned DEFAULT NULL,
  KEY `pid` (`pid`),
  CONSTRAINT `c17_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c19` (
  `pid` int(10) unsigned DEFAULT NULL,
  KEY `pid` (`pid`),
  CONSTRAINT `c19_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c4` (
  `x` int(11) DEFAULT NULL,
  KEY `x` (`x`),
  CONSTRAINT `c4_ibfk_1` FOREIGN KEY (`x`) REFERENCES `p` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c5` (
  `x` int(11) DEFAULT NULL,
  `y` int(11) DEFAULT NULL,
  KEY `x` (`x`,`y`),
  CONSTRAINT `c5_ibfk_1` FOREIGN KEY (`x`, `y`) REFERENCES `p` (`a`, `b`) ON DELETE NO ACTION
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c6` (
  `pid` int(10) unsigned DEFAULT NULL,
  KEY `pid` (`pid`),
  CONSTRAINT `c6_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c7` (
  `pid` int(10) unsigned DEFAULT NULL,
  KEY `pid` (`pid`),
  CONSTRAINT `c7_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ON DELETE SET NULL ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c8` (
  `pid` int(10) unsigned DEFAULT NULL,
  KEY `fk8` (`pid`),
  CONSTRAINT `fk8` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c9` (
  `pid` int(10) unsigned DEFAULT NULL,
  `code` char(3) DEFAULT NULL,
  KEY `code` (`code`),
  KEY `k_pid` (`pid`),
  CONSTRAINT `c9_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`),
  CONSTRAINT `c9_ibfk_2` FOREIGN KEY (`code`) REFERENCES `p` (`code`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `p` (
  `id` int(10) unsigned NOT NULL,
  `a` int(11) NOT NULL,
  `b` int(11) NOT NULL,
  `code` char(3) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uq_code` (`code`),
  KEY `k_ab` (`a`,`b`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

