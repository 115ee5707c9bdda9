CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `c` (
  `a` int(5) DEFAULT NULL,
  `b` varchar(10) NOT NULL,
  `d` char(3) DEFAULT NULL,
  KEY `a` (`a`),
  KEY `b` (`b`),
  KEY `d` (`d`),
  CONSTRAINT `c_ibfk_1` FOREIGN KEY (`a`) REFERENCES `p` (`id`),
  CONSTRAINT `c_ibfk_2` FOREIGN KEY (`b`) REFERENCES `p` (`code2`),
  CONSTRAINT `c_ibfk_3` FOREIGN KEY (`d`) REFERENCES `p` (`c3`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `p` (
  `id` int(11) NOT NULL,
  `code2` varchar(10) NOT NULL,
  `c3` char(3) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `code` (`code2`),
  UNIQUE KEY `c3` (`c3`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

