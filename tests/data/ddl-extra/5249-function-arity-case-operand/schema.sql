CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` int(11) DEFAULT NULL,
  `b` int(11) DEFAULT NULL,
  `c1` int(11) GENERATED ALWAYS AS (case (`a` + 1) when `a` + 1 then `a` + 1 else `a` + 1 end) VIRTUAL,
  `c2` int(11) GENERATED ALWAYS AS (case (-`a`) when 1 then 2 end) VIRTUAL,
  `c3` int(11) GENERATED ALWAYS AS (case (`a` = 1) when 1 then 2 end) VIRTUAL,
  `c4` int(11) GENERATED ALWAYS AS (case (`a` <> 0 and `b` <> 0) when 1 then 2 end) VIRTUAL,
  `c5` int(11) GENERATED ALWAYS AS (case (`a` between 1 and 2) when 1 then 2 end) VIRTUAL,
  `c6` int(11) GENERATED ALWAYS AS (case (`a` in (1,2)) when 1 then 2 end) VIRTUAL,
  `c7` int(11) GENERATED ALWAYS AS (case (`a` is null) when 1 then 2 end) VIRTUAL,
  `c8` int(11) GENERATED ALWAYS AS (case (`a` = 0) when 1 then 2 end) VIRTUAL,
  `c9` int(11) GENERATED ALWAYS AS (case (`a` collate utf8mb4_bin) when 1 then 2 end) VIRTUAL,
  `c10` int(11) GENERATED ALWAYS AS (case `a` when `a` then `a` end) VIRTUAL,
  `c11` int(11) GENERATED ALWAYS AS (case abs(`a`) when 1 then 2 end) VIRTUAL,
  `c12` int(11) GENERATED ALWAYS AS (case case `a` when 1 then 2 end when 2 then 3 end) VIRTUAL,
  `c13` int(11) GENERATED ALWAYS AS (case `a` when 1 then 2 end) VIRTUAL,
  `c14` int(11) GENERATED ALWAYS AS (case -1 when `a` then 2 end) VIRTUAL,
  `c15` int(11) GENERATED ALWAYS AS (case (~`a`) when 1 then 2 end) VIRTUAL,
  `c16` int(11) GENERATED ALWAYS AS (case (`a` DIV 2) when 1 then 2 end) VIRTUAL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` int(11) DEFAULT NULL,
  `b` varchar(20) DEFAULT NULL,
  `c` int(11) GENERATED ALWAYS AS (pow(`a`,2)) VIRTUAL,
  `d` varchar(20) GENERATED ALWAYS AS (replace(`b`,'x','y')) VIRTUAL,
  `e` int(11) GENERATED ALWAYS AS (if(`a`,1,2)) VIRTUAL,
  `f` varchar(20) GENERATED ALWAYS AS (substr(`b`,2)) VIRTUAL,
  `g` varchar(40) GENERATED ALWAYS AS (json_object('k',`a`)) VIRTUAL,
  `h` int(11) GENERATED ALWAYS AS (round(`a`,0)) VIRTUAL,
  `i` varchar(30) GENERATED ALWAYS AS (concat_ws(',',`b`,`b`,`b`,`b`,`b`,`b`,`b`,`b`,`b`)) VIRTUAL,
  `j` int(11) GENERATED ALWAYS AS (greatest(`a`,1,2,3,4,5,6,7,8,9)) VIRTUAL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t3` (
  `g` varchar(200) DEFAULT ('ab' collate utf8mb4_general_ci),
  `h` varchar(20) DEFAULT ('x' collate utf8mb4_bin),
  `i` int(11) DEFAULT (1 collate utf8mb4_bin),
  `j` int(11) DEFAULT NULL CHECK (`j` collate utf8mb4_bin > 0),
  `k` varchar(20) GENERATED ALWAYS AS (`h` collate utf8mb4_bin) VIRTUAL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

