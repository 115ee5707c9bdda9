CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `late` (
  `id` int(11) NOT NULL,
  `x` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `x` (`x`),
  CONSTRAINT `late_ibfk_1` FOREIGN KEY (`x`) REFERENCES `missing_parent` (`pid`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `missing_parent` (
  `pid` int(11) NOT NULL,
  PRIMARY KEY (`pid`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `ref2` (
  `id` int(11) NOT NULL,
  `a` int(11) DEFAULT NULL,
  `b` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `r2` (`a`,`b`),
  CONSTRAINT `r2` FOREIGN KEY (`a`, `b`) REFERENCES `pair` (`a`, `b`) ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `ref4` (
  `id` int(11) NOT NULL,
  `a` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `r4` (`a`),
  CONSTRAINT `r4` FOREIGN KEY (`a`) REFERENCES `pair` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `ref6` (
  `id` int(11) NOT NULL,
  `p` varchar(50) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `p` (`p`),
  CONSTRAINT `ref6_ibfk_1` FOREIGN KEY (`p`) REFERENCES `tree_node` (`path`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `ref9` (
  `id` int(11) NOT NULL,
  `n` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `cn` (`n`),
  CONSTRAINT `fk_named_idx` FOREIGN KEY (`n`) REFERENCES `tree_node` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `tree_node` (
  `id` int(11) NOT NULL,
  `parent_id` int(11) DEFAULT NULL,
  `path` varchar(100) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `path` (`path`),
  KEY `node_parent` (`parent_id`),
  CONSTRAINT `node_parent` FOREIGN KEY (`parent_id`) REFERENCES `tree_node` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

