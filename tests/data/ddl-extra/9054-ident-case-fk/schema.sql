CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `Parent` (
  `Id` int(11) NOT NULL,
  `Code` char(2) DEFAULT NULL,
  PRIMARY KEY (`Id`),
  KEY `Code` (`Code`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `child` (
  `Pid2` int(11) DEFAULT NULL,
  `code` char(2) DEFAULT NULL,
  KEY `PID` (`Pid2`),
  KEY `code` (`code`),
  CONSTRAINT `child_ibfk_1` FOREIGN KEY (`Pid2`) REFERENCES `Parent` (`Id`),
  CONSTRAINT `child_ibfk_2` FOREIGN KEY (`code`) REFERENCES `Parent` (`Code`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `child3` (
  `pid` int(11) DEFAULT NULL,
  KEY `MyKey` (`pid`),
  CONSTRAINT `child3_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `Parent` (`Id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t` (
  `A` int(11) DEFAULT NULL,
  `b` int(11) DEFAULT NULL,
  UNIQUE KEY `B2` (`b`),
  CONSTRAINT `CONSTRAINT_1` CHECK (`A` > 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

