CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t` (
  `a` varchar(10) DEFAULT NULL,
  `b` text DEFAULT NULL,
  `c` char(2) DEFAULT NULL,
  `d` int(11) DEFAULT NULL,
  `e` enum('x','y') DEFAULT NULL,
  `f` tinytext DEFAULT NULL,
  `g` mediumtext DEFAULT NULL,
  `h` varchar(20000) DEFAULT NULL,
  `j` longtext DEFAULT NULL CHECK (json_valid(`j`))
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;

