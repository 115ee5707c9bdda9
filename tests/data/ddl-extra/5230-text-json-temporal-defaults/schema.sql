CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `tj` (
  `a` text DEFAULT 'hello',
  `b` blob DEFAULT 'x',
  `c` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT '{}' CHECK (json_valid(`c`)),
  `d` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT json_object('k',1) CHECK (json_valid(`d`)),
  `e` longtext NOT NULL DEFAULT '',
  `f` tinyblob DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `tk` (
  `a` date DEFAULT current_timestamp()
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `tl` (
  `a` date DEFAULT curdate(),
  `b` time DEFAULT curtime(),
  `c` year(4) DEFAULT year(current_timestamp())
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `tm` (
  `a` datetime DEFAULT current_timestamp() ON UPDATE current_timestamp(),
  `b` datetime(6) NOT NULL DEFAULT '1000-01-01 00:00:00.000000'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `tn2` (
  `a` enum('','x') NOT NULL,
  `b` enum('x','y') NOT NULL DEFAULT 'y'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `tp` (
  `a` int(11) DEFAULT 1,
  `b` varchar(5) DEFAULT 'ab',
  `c` decimal(4,1) DEFAULT 1.3,
  `d` date DEFAULT '2020-01-01'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `tq` (
  `id` int(11) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  `ts2` timestamp NOT NULL DEFAULT '0000-00-00 00:00:00',
  `ts3` timestamp NULL DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `tr` (
  `a` timestamp NULL DEFAULT NULL,
  `b` timestamp NOT NULL DEFAULT '0000-00-00 00:00:00',
  `c` timestamp NOT NULL DEFAULT current_timestamp()
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

