CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t` (
  `h` int(11) DEFAULT NULL,
  `i` int(11) DEFAULT NULL,
  `d` int(11) DEFAULT NULL,
  `b2` int(11) DEFAULT NULL,
  `e` int(11) DEFAULT NULL,
  `j` int(11) DEFAULT NULL,
  `k` varchar(5) NOT NULL DEFAULT 'q',
  `m` int(11) NOT NULL INVISIBLE DEFAULT 0 COMMENT 'hidden',
  PRIMARY KEY (`m`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci COMMENT='y';

