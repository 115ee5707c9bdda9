CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` enum('a''b','c\\d','e"f','with space','') NOT NULL,
  `b` set('x','y','z','w') DEFAULT '',
  `c` enum('Y','N') DEFAULT 'N',
  `d` set('') DEFAULT ''
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t10` (
  `a` enum('  lead','trail','UPPER') DEFAULT 'UPPER'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t5` (
  `a` enum('a','A') CHARACTER SET latin1 COLLATE latin1_bin DEFAULT NULL,
  `b` set('x','X') CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t7` (
  `a` enum('x','y','z') NOT NULL DEFAULT 'z',
  `b` enum('q','p') DEFAULT NULL,
  `c` enum('1','2') DEFAULT '1',
  `e` enum('one','two') DEFAULT 'two'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

