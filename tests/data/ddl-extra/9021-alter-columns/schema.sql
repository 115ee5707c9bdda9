CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t` (
  `dd` bigint(20) NOT NULL DEFAULT 7,
  `b` varchar(20) DEFAULT NULL,
  `aa` int(11) DEFAULT NULL,
  `c` int(11) GENERATED ALWAYS AS (`aa` + 1) STORED,
  `p` int(11) DEFAULT NULL,
  `q` int(11) DEFAULT 3,
  UNIQUE KEY `ub` (`b`(5)) IGNORED,
  KEY `kb2` (`b`),
  KEY `kd` (`dd`,`aa`),
  KEY `b` (`b` DESC),
  CONSTRAINT `CONSTRAINT_1` CHECK (`dd` > `aa`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

