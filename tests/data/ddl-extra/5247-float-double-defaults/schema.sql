CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t_DOUBLE` (
  `c1` double DEFAULT 123456789,
  `c2` double DEFAULT 1.5,
  `c3` double DEFAULT 0.000012345678,
  `c4` double DEFAULT 1e20,
  `c5` double DEFAULT 1234567,
  `c6` double DEFAULT -0.00000000025,
  `c7` double DEFAULT 3.4e38,
  `c8` double DEFAULT 100,
  `c9` double DEFAULT 0.1,
  `c10` double DEFAULT 16777217,
  `c11` double DEFAULT 1e-45,
  `c12` double DEFAULT 123456.7,
  `c13` double DEFAULT 1e15,
  `c14` double DEFAULT 1e16,
  `c15` double DEFAULT 1.2345678901234568e17,
  `c16` double DEFAULT 0.0001,
  `c17` double DEFAULT 0.00001,
  `c18` double DEFAULT 12345678.9,
  `c19` double DEFAULT 0.000000123456789,
  `c20` double DEFAULT 0,
  `c21` double DEFAULT 0.00000000000001,
  `c22` double DEFAULT 0.000000000000015,
  `c23` double DEFAULT 0.000000000000001,
  `c24` double DEFAULT 999999.5,
  `c25` double DEFAULT 9999995,
  `c26` double DEFAULT 0.3,
  `c27` double DEFAULT -1e-40,
  `c28` double DEFAULT 7.25,
  `c29` double DEFAULT 1000
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_FLOAT` (
  `c1` float DEFAULT 123457000,
  `c2` float DEFAULT 1.5,
  `c3` float DEFAULT 0.0000123457,
  `c4` float DEFAULT 1e20,
  `c5` float DEFAULT 1234570,
  `c6` float DEFAULT -0.00000000025,
  `c7` float DEFAULT 3.4e38,
  `c8` float DEFAULT 100,
  `c9` float DEFAULT 0.1,
  `c10` float DEFAULT 16777200,
  `c11` float DEFAULT 1.4013e-45,
  `c12` float DEFAULT 123457,
  `c13` float DEFAULT 1e15,
  `c14` float DEFAULT 1e16,
  `c15` float DEFAULT 1.23457e17,
  `c16` float DEFAULT 0.0001,
  `c17` float DEFAULT 0.00001,
  `c18` float DEFAULT 12345700,
  `c19` float DEFAULT 0.000000123457,
  `c20` float DEFAULT 0,
  `c21` float DEFAULT 0.00000000000001,
  `c22` float DEFAULT 0.000000000000015,
  `c23` float DEFAULT 0.000000000000001,
  `c24` float DEFAULT 1000000,
  `c25` float DEFAULT 10000000,
  `c26` float DEFAULT 0.3,
  `c27` float DEFAULT -9.99995e-41,
  `c28` float DEFAULT 7.25,
  `c29` float DEFAULT 1000
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_info` (
  `a` float DEFAULT 0.0000001,
  `b` double DEFAULT 1.2345678901234567e19
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_pi` (
  `a` float DEFAULT 98765.4,
  `b` double DEFAULT 3.141592653589793,
  `c` double DEFAULT -3.141592653589793,
  `d` float unsigned DEFAULT 0.00000025,
  `e` double DEFAULT 0.000001234567890123
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

