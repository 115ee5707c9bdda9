CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `p1` (
  `a` int(11) DEFAULT NULL,
  `b` int(11) DEFAULT -1,
  `c` int(11) DEFAULT (~0 & 1),
  `d` int(11) DEFAULT 1,
  `e` bigint(20) unsigned DEFAULT (~1),
  `f` int(11) GENERATED ALWAYS AS (1 + 1) VIRTUAL,
  `g` int(11) GENERATED ALWAYS AS (-`a`) VIRTUAL,
  `h` double DEFAULT -3.141592653589793,
  `i` int(11) DEFAULT 1,
  `j` int(11) DEFAULT -1,
  `k` int(11) DEFAULT (1 - -1),
  `l` double DEFAULT (1e0 * 2),
  `m` varchar(10) DEFAULT 'x',
  `n` int(11) DEFAULT (!1),
  `o` int(11) DEFAULT (!0),
  CONSTRAINT `c1` CHECK (`a` > ~0),
  CONSTRAINT `c2` CHECK (`a` <> -1),
  CONSTRAINT `c3` CHECK (`a` <> 1 + 1 * 2),
  CONSTRAINT `c4` CHECK (`a` <> 1 << 2 | 1),
  CONSTRAINT `c5` CHECK (`a` <> 1),
  CONSTRAINT `c6` CHECK (`a` <> 1),
  CONSTRAINT `c7` CHECK (`a` <> -0x10),
  CONSTRAINT `c8` CHECK (`a` <> X'41' + 0),
  CONSTRAINT `c9` CHECK (`a` <> 1.0e0),
  CONSTRAINT `c10` CHECK (`a` <> pi()),
  CONSTRAINT `c11` CHECK (`a` <> ~-1),
  CONSTRAINT `c12` CHECK (`a` <> -~1),
  CONSTRAINT `c13` CHECK (`a` <> !1),
  CONSTRAINT `c14` CHECK (`a` <> 3 DIV 2 MOD 2)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `p2` (
  `a` int(11) DEFAULT NULL,
  `g` double GENERATED ALWAYS AS (pi()) VIRTUAL,
  `h` double GENERATED ALWAYS AS (pi() + 1) VIRTUAL,
  `i` double DEFAULT (pi() + 1),
  `j` double DEFAULT -3.141592653589793,
  `k` double DEFAULT (2 * pi()),
  `l` double GENERATED ALWAYS AS (pi()) VIRTUAL,
  CONSTRAINT `c1` CHECK (`a` <> pi() * 2),
  CONSTRAINT `c2` CHECK (`a` <> pi())
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `p3` (
  `a` double DEFAULT 3.141592653589793,
  `b` double DEFAULT 3.141592653589793,
  `c` double DEFAULT -3.141592653589793
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t1` (
  `d` decimal(3,1) DEFAULT (1.25 * 3),
  `e` decimal(5,2) DEFAULT (10 / 4),
  `f` decimal(4,1) DEFAULT (7 MOD 2.5)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `i` int(11) DEFAULT (1 DIV 0),
  `j` int(11) DEFAULT (1 MOD 0),
  `k` int(11) DEFAULT (NULL + 1)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `i` int(11) DEFAULT (2.5 * 1),
  `j` tinyint(4) DEFAULT NULL,
  `k` varchar(3) DEFAULT (1.5 + 1),
  `l` bigint(20) DEFAULT NULL,
  `m` int(11) DEFAULT (7 MOD 2),
  `n` bigint(20) DEFAULT (-9223372036854775807 - 1),
  `o` int(11) DEFAULT (0x10 + 1),
  `p` tinyint(4) DEFAULT (3 | 4 & 12 ^ 1 >> 1)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t4` (
  `i` bigint(20) DEFAULT -9223372036854775808,
  `j` bigint(20) unsigned DEFAULT 18446744073709551615,
  `k` bigint(20) DEFAULT 9223372036854775807,
  `l` int(11) DEFAULT -3,
  `m` int(11) DEFAULT 10,
  `n` tinyint(4) DEFAULT 127
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

