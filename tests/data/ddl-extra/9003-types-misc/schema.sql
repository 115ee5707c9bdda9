CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t3` (
  `a` inet4 DEFAULT NULL,
  `b` inet6 DEFAULT '::1',
  `c` uuid DEFAULT NULL,
  `d` point DEFAULT NULL,
  `e` linestring DEFAULT NULL,
  `f` polygon DEFAULT NULL,
  `g` multipoint DEFAULT NULL,
  `h` geometrycollection DEFAULT NULL,
  `i` multipolygon DEFAULT NULL,
  `j` multilinestring DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

