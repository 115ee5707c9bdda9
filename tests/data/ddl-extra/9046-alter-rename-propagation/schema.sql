CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `c` (
  `cid` int(11) DEFAULT NULL,
  `pc` char(3) DEFAULT NULL,
  `quantity` int(11) DEFAULT NULL,
  `total` int(11) GENERATED ALWAYS AS (`quantity` + `cid`) VIRTUAL,
  KEY `pcode` (`pc`),
  KEY `qty` (`quantity`,`cid`),
  CONSTRAINT `c_ibfk_1` FOREIGN KEY (`pc`) REFERENCES `p` (`pcode3`),
  CONSTRAINT `CONSTRAINT_1` CHECK (`quantity` > 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `p` (
  `id` int(11) NOT NULL,
  `pcode3` char(3) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `code` (`pcode3`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

