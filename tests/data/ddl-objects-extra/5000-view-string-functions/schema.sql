CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `s` (
  `id` int(11) NOT NULL,
  `a` varchar(30) DEFAULT NULL,
  `b` varchar(30) DEFAULT NULL,
  `n` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`v1` AS select concat(`test`.`s`.`a`,'-',`test`.`s`.`b`) AS `c1`,concat_ws(',',`test`.`s`.`a`,`test`.`s`.`b`) AS `c2`,octet_length(`test`.`s`.`a`) AS `c3`,char_length(`test`.`s`.`a`) AS `c4`,ucase(`test`.`s`.`a`) AS `c5`,lcase(`test`.`s`.`b`) AS `c6`,left(`test`.`s`.`a`,2) AS `c7`,right(`test`.`s`.`a`,2) AS `c8`,substr(`test`.`s`.`a`,2,3) AS `c9`,substring_index(`test`.`s`.`a`,'.',1) AS `c10` from `test`.`s`;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`v2` AS select trim(`test`.`s`.`a`) AS `t1`,ltrim(`test`.`s`.`a`) AS `t2`,rtrim(`test`.`s`.`a`) AS `t3`,trim(leading 'x' from `test`.`s`.`a`) AS `t4`,trim(both 'y' from `test`.`s`.`b`) AS `t5`,replace(`test`.`s`.`a`,'x','y') AS `t6`,reverse(`test`.`s`.`a`) AS `t7`,repeat(`test`.`s`.`a`,2) AS `t8`,lpad(`test`.`s`.`a`,10,'*') AS `t9`,rpad(`test`.`s`.`b`,10,'*') AS `t10` from `test`.`s`;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`v3` AS select locate('a',`test`.`s`.`a`) AS `l1`,locate('b',`test`.`s`.`a`) AS `l2`,locate('c',`test`.`s`.`a`) AS `l3`,field(`test`.`s`.`a`,'x','y') AS `l4`,find_in_set('a',`test`.`s`.`b`) AS `l5`,hex(`test`.`s`.`a`) AS `l6`,md5(`test`.`s`.`a`) AS `l7`,sha(`test`.`s`.`b`) AS `l8`,quote(`test`.`s`.`a`) AS `l9`,space(`test`.`s`.`n`) AS `l10`,ascii(`test`.`s`.`a`) AS `l11`,ord(`test`.`s`.`b`) AS `l12` from `test`.`s`;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`v4` AS select `test`.`s`.`a` like 'x%' AS `p1`,`test`.`s`.`a`  not like '%y' AS `p2`,`test`.`s`.`a` regexp '^a' AS `p3`,!(`test`.`s`.`a` regexp 'b$') AS `p4`,soundex(`test`.`s`.`a`) = soundex(`test`.`s`.`b`) AS `p5`,strcmp(`test`.`s`.`a`,`test`.`s`.`b`) AS `p6`,`test`.`s`.`a` collate utf8mb4_bin AS `p7`,cast(`test`.`s`.`a` as char charset binary) AS `p8`,`test`.`s`.`a` <> 0 or `test`.`s`.`b` <> 0 AS `p9` from `test`.`s`;

