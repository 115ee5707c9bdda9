CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `c` (
  `a` int(11) DEFAULT NULL,
  `b` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci DEFAULT NULL,
  `e` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci DEFAULT NULL,
  KEY `b` (`b`),
  KEY `e` (`e`),
  CONSTRAINT `c_ibfk_1` FOREIGN KEY (`b`) REFERENCES `p` (`code`),
  CONSTRAINT `c_ibfk_2` FOREIGN KEY (`e`) REFERENCES `p` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;

CREATE TABLE `p` (
  `code` varchar(10) NOT NULL,
  `u` varchar(10) DEFAULT NULL,
  PRIMARY KEY (`code`),
  UNIQUE KEY `u` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

