CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `j` (
  `id` int(11) NOT NULL,
  `doc` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_valid(`doc`)),
  `v` varchar(20) DEFAULT NULL,
  `n` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`j2` AS select cast(`test`.`j`.`n` as char charset utf8mb4) AS `c1`,cast(`test`.`j`.`n` as unsigned) AS `c2`,cast(`test`.`j`.`v` as signed) AS `c3`,cast(`test`.`j`.`n` as decimal(10,2)) AS `c4`,cast(`test`.`j`.`v` as date) AS `c5`,cast(`test`.`j`.`v` as datetime(3)) AS `c6`,cast(`test`.`j`.`n` as double) AS `c7`,cast(`test`.`j`.`v` as char(5) charset utf8mb4) AS `c8`,convert(`test`.`j`.`v` using latin1) AS `c9`,cast(`test`.`j`.`v` as char charset binary) AS `c10` from `test`.`j`;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`j3` AS select if(`test`.`j`.`n` > 0,'pos','neg') AS `k1`,ifnull(`test`.`j`.`v`,'-') AS `k2`,nullif(`test`.`j`.`n`,0) AS `k3`,coalesce(`test`.`j`.`v`,`test`.`j`.`n`,'x') AS `k4`,case when `test`.`j`.`n` < 0 then 'a' when `test`.`j`.`n` = 0 then 'b' end AS `k5`,case `test`.`j`.`n` when 1 then 'one' else 'many' end AS `k6`,`test`.`j`.`v` is null AS `k7`,`test`.`j`.`n` <=> NULL AS `k8` from `test`.`j`;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`j4` AS select `test`.`j`.`id` AS `id`,count(0) AS `g1`,count(distinct `test`.`j`.`v`) AS `g2`,sum(`test`.`j`.`n`) AS `g3`,avg(`test`.`j`.`n`) AS `g4`,min(`test`.`j`.`v`) AS `g5`,max(`test`.`j`.`n`) AS `g6`,group_concat(`test`.`j`.`v` order by `test`.`j`.`v` DESC separator ';') AS `g7`,std(`test`.`j`.`n`) AS `g8`,bit_or(`test`.`j`.`n`) AS `g9` from `test`.`j` group by `test`.`j`.`id` with rollup;

