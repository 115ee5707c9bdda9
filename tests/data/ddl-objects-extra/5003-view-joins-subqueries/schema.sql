CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `c` (
  `id` int(11) NOT NULL,
  `pid` int(11) DEFAULT NULL,
  `qty` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `g` (
  `id` int(11) NOT NULL,
  `cid` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `p` (
  `id` int(11) NOT NULL,
  `name` varchar(10) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`r1` AS select `test`.`p`.`name` AS `name`,`test`.`c`.`qty` AS `qty` from (`test`.`p` left join `test`.`c` on(`test`.`c`.`pid` = `test`.`p`.`id`));

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`r10` AS select `test`.`p`.`id` AS `id`,rank() over ( order by `test`.`p`.`id`) AS `rk`,dense_rank() over ( partition by `test`.`p`.`name` order by `test`.`p`.`id` desc) AS `dr`,sum(`test`.`p`.`id`) over ( partition by `test`.`p`.`name`) AS `s` from `test`.`p`;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`r11` AS select distinct `test`.`p`.`name` AS `name` from `test`.`p` where `test`.`p`.`name` is not null group by `test`.`p`.`name` having count(0) > 1 order by `test`.`p`.`name` desc;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`r2` AS select `test`.`p`.`name` AS `name`,`test`.`c`.`qty` AS `qty` from (`test`.`p` left join `test`.`c` on(`test`.`c`.`pid` = `test`.`p`.`id`));

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`r3` AS select `test`.`p`.`id` AS `id`,`test`.`p`.`name` AS `name`,`test`.`c`.`pid` AS `pid`,`test`.`c`.`qty` AS `qty` from (`test`.`p` join `test`.`c` on(`test`.`p`.`id` = `test`.`c`.`id`));

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`r4` AS select `test`.`p`.`id` AS `id` from ((`test`.`p` join `test`.`c`) join `test`.`g`) where `test`.`p`.`id` = `test`.`c`.`pid` and `test`.`g`.`cid` = `test`.`c`.`id`;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`r5` AS select `test`.`p`.`id` AS `id` from ((`test`.`p` join `test`.`c`) straight_join `test`.`g` on(`test`.`g`.`cid` = `test`.`c`.`id`));

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`r6` AS select `test`.`p`.`name` AS `name`,(select count(0) from `test`.`c` where `test`.`c`.`pid` = `test`.`p`.`id`) AS `cnt` from `test`.`p` where exists(select 1 from `test`.`c` where `test`.`c`.`pid` = `test`.`p`.`id` limit 1) and `test`.`p`.`id` in (select `test`.`c`.`pid` from `test`.`c`) and `test`.`p`.`id` > any (select `test`.`c`.`pid` from `test`.`c`);

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`r7` AS select `t`.`pid` AS `pid`,`t`.`total` AS `total` from ((select `test`.`c`.`pid` AS `pid`,sum(`test`.`c`.`qty`) AS `total` from `test`.`c` group by `test`.`c`.`pid`) `t` join `test`.`p` on(`test`.`p`.`id` = `t`.`pid`)) order by `t`.`total` desc limit 5;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`r8` AS select `test`.`p`.`id` AS `id` from `test`.`p` union select `test`.`c`.`pid` AS `pid` from `test`.`c` union all select `test`.`g`.`cid` AS `cid` from `test`.`g` order by 1 limit 1,10;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`r9` AS with big as (select `test`.`c`.`pid` AS `pid`,`test`.`c`.`qty` AS `qty` from `test`.`c` where `test`.`c`.`qty` > 10)select `test`.`p`.`name` AS `name`,`big`.`qty` AS `qty` from (`test`.`p` join `big` on(`big`.`pid` = `test`.`p`.`id`));

