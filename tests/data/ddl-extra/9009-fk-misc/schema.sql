CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `c4` (
  `x` int(11) DEFAULT NULL,
  KEY `x` (`x`),
  CONSTRAINT `c4_ibfk_1` FOREIGN KEY (`x`) REFERENCES `p2` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c6` (
  `x` int(11) DEFAULT NULL,
  `x2` int(11) DEFAULT NULL,
  KEY `k` (`x`,`x2`),
  CONSTRAINT `c6_ibfk_1` FOREIGN KEY (`x`) REFERENCES `p2` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c7` (
  `x` int(11) DEFAULT NULL,
  KEY `x` (`x`),
  CONSTRAINT `c7_ibfk_1` FOREIGN KEY (`x`) REFERENCES `p2` (`a`),
  CONSTRAINT `fkname` FOREIGN KEY (`x`) REFERENCES `p2` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `p` (
  `id` int(11) NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `p2` (
  `a` int(11) NOT NULL,
  `b` int(11) NOT NULL,
  PRIMARY KEY (`a`,`b`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

