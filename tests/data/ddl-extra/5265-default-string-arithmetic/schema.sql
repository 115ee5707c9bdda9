CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` int(11) DEFAULT ('  12  ' + 0),
  `b` int(11) DEFAULT ('' + 0),
  `c` int(11) DEFAULT ('1e3' + 0),
  `d` int(11) DEFAULT ('0x10' + 0),
  `e` int(11) DEFAULT ('-5abc' * 2),
  `g` int(11) DEFAULT (' 12' + 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `f` varchar(2) DEFAULT ('1' + '2'),
  `g` varchar(5) DEFAULT (X'4142' + 0),
  `h` int(11) DEFAULT (0x41 + 0),
  `i` int(11) DEFAULT (X'41' + 0),
  `j` int(11) DEFAULT (0x05 + 1),
  `k` double DEFAULT ('1.5' / 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` double DEFAULT ('.5' + 0),
  `b` double DEFAULT ('5.' + 0),
  `c` double DEFAULT ('1e' + 0),
  `d` double DEFAULT ('+3' - '-2'),
  `e` double DEFAULT ('x' * 'y')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

