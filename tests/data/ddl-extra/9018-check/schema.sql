CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `j` (
  `doc` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_length(`doc`) > 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t` (
  `bb` int(11) DEFAULT NULL CHECK (`bb` > 0),
  CONSTRAINT `c2` CHECK (`bb` < 10),
  CONSTRAINT `c1` CHECK (`bb` > 1)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` int(11) DEFAULT NULL CHECK (`a` > 0),
  `b` int(11) DEFAULT NULL,
  CONSTRAINT `b` CHECK (`b` > `a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

