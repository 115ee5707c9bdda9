CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` int(11) DEFAULT NULL,
  `h` int(11) GENERATED ALWAYS AS (`a` * `a`) STORED,
  `b` bigint(20) GENERATED ALWAYS AS (`a` * 3) VIRTUAL,
  `c` int(11) GENERATED ALWAYS AS (`a` + `b`) VIRTUAL,
  `d` int(11) GENERATED ALWAYS AS (`a` - 1) STORED,
  `e` int(11) GENERATED ALWAYS AS (`a` DIV 2) STORED,
  `f` varchar(20) GENERATED ALWAYS AS (concat(`a`,'-',`b`)) VIRTUAL,
  `g` double GENERATED ALWAYS AS (`a` / 3) STORED,
  KEY `d` (`d`),
  KEY `c` (`c`),
  KEY `h` (`h`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t11` (
  `a` int(11) DEFAULT NULL,
  `b` int(11) GENERATED ALWAYS AS (`a`) VIRTUAL INVISIBLE COMMENT 'gen comment',
  `c` int(11) GENERATED ALWAYS AS (`a`) STORED,
  UNIQUE KEY `c` (`c`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t13` (
  `s` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  `u` varchar(10) GENERATED ALWAYS AS (convert(`s` using utf8mb4)) VIRTUAL,
  `c` varchar(10) GENERATED ALWAYS AS (cast(`s` as char(10) charset utf8mb4)) VIRTUAL,
  `i` int(11) GENERATED ALWAYS AS (cast(`s` as signed)) VIRTUAL,
  `b` binary(4) GENERATED ALWAYS AS (cast(`s` as char(4) charset binary)) VIRTUAL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` varchar(20) DEFAULT NULL,
  `b` varchar(20) GENERATED ALWAYS AS (ucase(`a`)) VIRTUAL,
  `c` varchar(20) GENERATED ALWAYS AS (lcase(`a`)) VIRTUAL,
  `d` int(11) GENERATED ALWAYS AS (octet_length(`a`)) VIRTUAL,
  `e` int(11) GENERATED ALWAYS AS (char_length(`a`)) STORED,
  `f` varchar(5) GENERATED ALWAYS AS (substr(`a`,1,5)) VIRTUAL,
  `g` varchar(20) GENERATED ALWAYS AS (trim(`a`)) VIRTUAL,
  `h` varchar(40) GENERATED ALWAYS AS (replace(`a`,'x','y')) VIRTUAL,
  `i` varchar(20) GENERATED ALWAYS AS (if(`a` > 'm','late','early')) VIRTUAL,
  `j` varchar(20) GENERATED ALWAYS AS (case when `a` is null then 'null' when `a` = '' then 'empty' else `a` end) VIRTUAL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `d` date DEFAULT NULL,
  `y` int(11) GENERATED ALWAYS AS (year(`d`)) VIRTUAL,
  `m` varchar(7) GENERATED ALWAYS AS (date_format(`d`,'%Y-%m')) VIRTUAL,
  `w` int(11) GENERATED ALWAYS AS (dayofweek(`d`)) STORED,
  `n` date GENERATED ALWAYS AS (`d` + interval 1 month) VIRTUAL,
  `q` int(11) GENERATED ALWAYS AS (to_days(`d`) - to_days('2000-01-01')) VIRTUAL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t4` (
  `a` int(11) DEFAULT NULL,
  `b` int(11) DEFAULT NULL,
  `c` int(11) GENERATED ALWAYS AS (coalesce(`a`,`b`,0)) VIRTUAL,
  `d` int(11) GENERATED ALWAYS AS (greatest(`a`,`b`)) VIRTUAL,
  `e` int(11) GENERATED ALWAYS AS (`a` MOD 3) VIRTUAL,
  `f` int(11) GENERATED ALWAYS AS (-`a`) VIRTUAL,
  `g` int(11) GENERATED ALWAYS AS (`a` = 0) VIRTUAL,
  `h` int(11) GENERATED ALWAYS AS (`a` is null) VIRTUAL,
  `i` int(11) GENERATED ALWAYS AS (`a` between 1 and 10) VIRTUAL,
  `j` int(11) GENERATED ALWAYS AS (`a` in (1,2,3)) VIRTUAL,
  `k` int(11) GENERATED ALWAYS AS (`a` & `b` | 4) VIRTUAL,
  `l` int(11) GENERATED ALWAYS AS (`a` << 2) VIRTUAL,
  `m` decimal(10,2) GENERATED ALWAYS AS (round(`a` / 7,2)) VIRTUAL,
  `n` int(11) GENERATED ALWAYS AS (abs(`a`)) VIRTUAL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t8` (
  `a` int(11) DEFAULT NULL,
  `b` int(11) GENERATED ALWAYS AS (`c` + 1) VIRTUAL,
  `c` int(11) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

