CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` int(11) DEFAULT NULL CHECK (`a` > 0),
  `b` varchar(10) DEFAULT NULL CHECK (`b` in ('x','y')),
  `c` varchar(20) DEFAULT NULL CHECK (`c` like 'a%'),
  `d` int(11) DEFAULT NULL CHECK (`d` is not null),
  `e` varchar(20) DEFAULT NULL CHECK (`e` regexp '^[a-z]+$'),
  `f` int(11) DEFAULT NULL CHECK (`f` > 0 and `f` < 100 or `f` = -1),
  `g` int(11) DEFAULT NULL CHECK (`g` <> 5)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a2` int(11) DEFAULT NULL,
  `b` int(11) DEFAULT NULL,
  CONSTRAINT `b range` CHECK (`b` between 0 and 1000),
  CONSTRAINT `CONSTRAINT_2` CHECK (`a2` + `b` <> 7),
  CONSTRAINT `sum_small` CHECK (`a2` + `b` < 500),
  CONSTRAINT `CONSTRAINT_3` CHECK (`b` <> 13)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `s` varchar(50) DEFAULT NULL,
  `d` date DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (char_length(`s`) >= 3),
  CONSTRAINT `CONSTRAINT_2` CHECK (`d` >= '2000-01-01'),
  CONSTRAINT `CONSTRAINT_3` CHECK (`s` <> '')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t8` (
  `a` int(11) DEFAULT NULL,
  `b` int(11) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`a` > 0),
  CONSTRAINT `CONSTRAINT_2` CHECK (`b` > 0),
  CONSTRAINT `CONSTRAINT_3` CHECK (`a` <> `b`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

