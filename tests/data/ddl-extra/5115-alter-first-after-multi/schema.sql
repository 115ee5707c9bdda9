CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t` (
  `a` int(11) DEFAULT NULL,
  `r` int(11) DEFAULT NULL,
  `q` varchar(5) DEFAULT NULL,
  `o` int(11) DEFAULT NULL,
  `c2` int(11) DEFAULT NULL,
  `d` int(11) DEFAULT NULL,
  `b2` bigint(20) DEFAULT NULL,
  `y2` int(11) DEFAULT NULL,
  `y` int(11) DEFAULT NULL,
  `p` int(11) DEFAULT NULL,
  `x` char(1) DEFAULT NULL,
  `u` int(11) DEFAULT NULL,
  `s` int(11) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

