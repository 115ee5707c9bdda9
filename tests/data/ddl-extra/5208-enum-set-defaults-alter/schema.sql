CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `e` (
  `a` enum('small','medium','large','xl') NOT NULL DEFAULT 'medium',
  `l` enum('x','y') NOT NULL,
  `b` enum('y','n') DEFAULT 'y',
  `c` set('x','w','r') DEFAULT 'x,w,r',
  `d` enum('') DEFAULT NULL,
  `f` set('a','b') DEFAULT '',
  `g` enum('1','2','3') DEFAULT '2',
  `h` enum('1','2','3') DEFAULT '2',
  `j` enum('A','b') DEFAULT 'A',
  `k` enum('a','b') DEFAULT 'a'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

