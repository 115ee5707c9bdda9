CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `c` (
  `id` int(11) NOT NULL,
  `pid` int(11) DEFAULT NULL,
  `pcode` char(4) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `pid2` (`pid`,`id`),
  KEY `fk5` (`pcode`),
  CONSTRAINT `c_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`),
  CONSTRAINT `c_ibfk_2` FOREIGN KEY (`pcode`) REFERENCES `p` (`code`),
  CONSTRAINT `fk3` FOREIGN KEY (`id`) REFERENCES `p` (`id`),
  CONSTRAINT `fk5` FOREIGN KEY (`pcode`) REFERENCES `p` (`code`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;

CREATE TABLE `c2` (
  `a` int(11) DEFAULT NULL,
  `b` int(11) DEFAULT NULL,
  KEY `y` (`b`),
  KEY `a` (`a`,`b`),
  CONSTRAINT `x` FOREIGN KEY (`a`) REFERENCES `p` (`id`),
  CONSTRAINT `y` FOREIGN KEY (`b`) REFERENCES `p` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `c3` (
  `a` int(11) DEFAULT NULL,
  KEY `a` (`a`),
  CONSTRAINT `c3_ibfk_1` FOREIGN KEY (`a`) REFERENCES `p` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `p` (
  `id` int(11) NOT NULL,
  `code` char(4) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `code` (`code`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;

