CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `ev` (
  `id` int(11) DEFAULT NULL,
  `created` datetime(6) DEFAULT current_timestamp(3),
  `seen` datetime(2) DEFAULT current_timestamp(2) ON UPDATE current_timestamp(2),
  `upd` datetime(3) DEFAULT current_timestamp(3) ON UPDATE current_timestamp(3),
  `mod2` timestamp(5) NULL DEFAULT current_timestamp(1) ON UPDATE current_timestamp(5)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `ev4` (
  `a` datetime(4) DEFAULT NULL ON UPDATE current_timestamp(4),
  `b` timestamp(2) NULL DEFAULT NULL ON UPDATE current_timestamp(2)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

