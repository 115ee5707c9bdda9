CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` int(11) DEFAULT (1 + 1),
  `b` int(11) DEFAULT (`a` * 2),
  `c` varchar(36) DEFAULT uuid(),
  `d` double DEFAULT rand(),
  `e` datetime DEFAULT (current_timestamp() + interval 1 day),
  `f` decimal(5,2) DEFAULT (1.5 * 2),
  `g` varchar(10) DEFAULT 'abc',
  `h` int(11) DEFAULT -1,
  `i` varchar(20) DEFAULT concat('x','y','z'),
  `j` int(11) DEFAULT abs(-5),
  `k` varchar(20) DEFAULT (cast(123 as char charset utf8mb4)),
  `l` bigint(20) DEFAULT unix_timestamp(),
  `m` varchar(64) DEFAULT current_user(),
  `n` varchar(64) DEFAULT database(),
  `o` varchar(64) DEFAULT md5('x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t10` (
  `a` int(11) DEFAULT 42,
  `b` int(11) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `a` int(11) DEFAULT (`b` + 1),
  `b` int(11) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t8` (
  `a` varchar(30) DEFAULT date_format(current_timestamp(),'%Y'),
  `b` int(11) DEFAULT if(1 > 0,1,0),
  `c` int(11) DEFAULT (case when 1 then 2 else 3 end),
  `d` varchar(10) DEFAULT lpad('7',3,'0'),
  `e` int(11) DEFAULT (1 << 4),
  `f` int(11) DEFAULT (7 DIV 2),
  `g` int(11) DEFAULT (7 MOD 2),
  `h` double DEFAULT 3.141592653589793,
  `i` bigint(20) unsigned DEFAULT (~0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t9` (
  `a` int(11) DEFAULT 1,
  `b` varchar(5) DEFAULT 'p',
  `c` int(11) DEFAULT (1 + 2 * 3),
  `d` int(11) DEFAULT ((1 + 2) * 3)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

