CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `n12` (
  `a` int(11) DEFAULT NULL,
  `b` int(11) DEFAULT NULL,
  KEY `a` (`a`),
  CONSTRAINT `f12` FOREIGN KEY (`a`) REFERENCES `par` (`id`),
  CONSTRAINT `k12` CHECK (`b` > 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `n13` (
  `a` int(11) DEFAULT NULL,
  `b` int(11) DEFAULT NULL,
  KEY `a` (`a`),
  CONSTRAINT `n13_ibfk_1` FOREIGN KEY (`a`) REFERENCES `par` (`id`),
  CONSTRAINT `CONSTRAINT_1` CHECK (`b` > 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `n14` (
  `a` int(11) DEFAULT NULL,
  `b` int(11) DEFAULT NULL,
  KEY `a` (`a`),
  CONSTRAINT `n14_ibfk_1` FOREIGN KEY (`a`) REFERENCES `par` (`id`),
  CONSTRAINT `n14_ibfk_1` CHECK (`b` > 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `n7` (
  `a` int(11) DEFAULT NULL,
  `b` int(11) DEFAULT NULL,
  KEY `a` (`a`),
  KEY `b` (`b`),
  CONSTRAINT `k6` FOREIGN KEY (`a`) REFERENCES `par` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `par` (
  `id` int(11) NOT NULL,
  `code` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `code` (`code`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `v1` (
  `id` int(11) NOT NULL,
  `pid` int(11) GENERATED ALWAYS AS (`id` DIV 10) VIRTUAL,
  PRIMARY KEY (`id`),
  KEY `pid` (`pid`),
  CONSTRAINT `v1_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `par` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `v2` (
  `id` int(11) NOT NULL,
  `pid` int(11) GENERATED ALWAYS AS (`id` DIV 10) VIRTUAL,
  PRIMARY KEY (`id`),
  KEY `fv2` (`pid`),
  CONSTRAINT `fv2` FOREIGN KEY (`pid`) REFERENCES `par` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `v6` (
  `id` int(11) NOT NULL,
  `pid` int(11) GENERATED ALWAYS AS (`id` DIV 10) STORED,
  PRIMARY KEY (`id`),
  KEY `pid` (`pid`),
  CONSTRAINT `v6_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `par` (`id`) ON UPDATE NO ACTION
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `w` (
  `id` int(11) NOT NULL,
  `a` int(11) DEFAULT NULL,
  `g` int(11) GENERATED ALWAYS AS (`a` * 2) VIRTUAL,
  PRIMARY KEY (`id`),
  KEY `fw1` (`g`),
  KEY `a` (`a`),
  CONSTRAINT `fw1` FOREIGN KEY (`g`) REFERENCES `par` (`id`),
  CONSTRAINT `w_ibfk_1` FOREIGN KEY (`a`) REFERENCES `par` (`id`) ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

