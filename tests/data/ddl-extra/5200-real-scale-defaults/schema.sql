CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `p2` (
  `id` int(11) NOT NULL,
  `net` double(12,4) NOT NULL DEFAULT 5.0000,
  `fee2` double(6,5) DEFAULT 0.12346,
  `tax` float(5,2) DEFAULT 19.00,
  `ratio` double(9,1) DEFAULT 1.2,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `prices` (
  `id` int(11) NOT NULL,
  `net` double(12,4) NOT NULL DEFAULT 5.0000,
  `fee` float(8,3) unsigned NOT NULL DEFAULT 0.000,
  `tax` float(5,2) DEFAULT 19.00,
  `ratio` double(9,1) DEFAULT 1.2,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

