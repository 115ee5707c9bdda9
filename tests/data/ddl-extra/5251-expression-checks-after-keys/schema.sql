CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` int(11) DEFAULT NULL CHECK (`h` > 0),
  `b` int(11) DEFAULT NULL,
  `d` int(11) DEFAULT NULL CHECK (`c` > 0),
  `c` int(11) DEFAULT NULL,
  `e` int(11) GENERATED ALWAYS AS (`h` + 1) VIRTUAL,
  `h` int(11) DEFAULT NULL,
  `m` int(11) DEFAULT NULL,
  CONSTRAINT `k` CHECK (`m` > 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

