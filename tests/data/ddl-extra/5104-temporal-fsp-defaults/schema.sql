CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` datetime(6) DEFAULT current_timestamp(6),
  `b` datetime(1) DEFAULT current_timestamp(1),
  `c` datetime(2) DEFAULT current_timestamp(2) ON UPDATE current_timestamp(2),
  `d` datetime(3) DEFAULT current_timestamp(3) ON UPDATE current_timestamp(3),
  `e` datetime(4) DEFAULT current_timestamp(4),
  `f` datetime(5) DEFAULT current_timestamp(5),
  `g` datetime(6) NOT NULL DEFAULT current_timestamp(6) ON UPDATE current_timestamp(6)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t11` (
  `a` timestamp(3) NOT NULL DEFAULT current_timestamp(3) ON UPDATE current_timestamp(3),
  `b` timestamp(3) NOT NULL DEFAULT '0000-00-00 00:00:00.000'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` timestamp(1) NOT NULL DEFAULT current_timestamp(1),
  `b` timestamp(2) NULL DEFAULT NULL ON UPDATE current_timestamp(2),
  `c` timestamp(3) NOT NULL DEFAULT current_timestamp(3),
  `d` timestamp(4) NULL DEFAULT NULL,
  `e` timestamp(6) NULL DEFAULT '2000-01-01 00:00:00.123456',
  `f` timestamp NULL DEFAULT current_timestamp() ON UPDATE current_timestamp()
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` datetime(3) DEFAULT current_timestamp(3)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t4` (
  `a` datetime DEFAULT current_timestamp()
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t7` (
  `a` date DEFAULT current_timestamp()
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t8` (
  `a` date DEFAULT curdate(),
  `b` time DEFAULT curtime(),
  `c` time(3) DEFAULT curtime(3),
  `d` date DEFAULT (curdate() + interval 1 day),
  `e` datetime DEFAULT (current_timestamp() + interval 1 hour)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t9` (
  `a` datetime DEFAULT NULL ON UPDATE current_timestamp(),
  `b` datetime(6) DEFAULT NULL ON UPDATE current_timestamp(6),
  `c` timestamp NOT NULL DEFAULT '0000-00-00 00:00:00' ON UPDATE current_timestamp()
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

