CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t` (
  `a` varchar(20) DEFAULT 'a''b',
  `b` varchar(20) DEFAULT 'x\\y',
  `c` varchar(20) DEFAULT 'line\r\nnext',
  `d` varchar(20) DEFAULT 'zz',
  `e` varchar(20) DEFAULT '\0',
  `f` varchar(20) DEFAULT 'abc',
  `g` varchar(20) DEFAULT 'concat',
  `h` text DEFAULT 'long text',
  `i` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT '{"a":1}' CHECK (json_valid(`i`)),
  `j` varchar(20) DEFAULT '\\%\\_'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` varchar(20) DEFAULT NULL COMMENT 'it''s \\ "q"',
  `b` int(11) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` int(11) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci COMMENT='tab	here';

