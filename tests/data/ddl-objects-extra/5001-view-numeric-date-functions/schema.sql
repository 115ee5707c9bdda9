CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `m` (
  `id` int(11) NOT NULL,
  `x` decimal(10,3) DEFAULT NULL,
  `y` double DEFAULT NULL,
  `d` date DEFAULT NULL,
  `dt` datetime(3) DEFAULT NULL,
  `t` time DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`n1` AS select abs(`test`.`m`.`x`) AS `a1`,ceiling(`test`.`m`.`x`) AS `a2`,floor(`test`.`m`.`y`) AS `a3`,round(`test`.`m`.`x`,1) AS `a4`,truncate(`test`.`m`.`y`,2) AS `a5`,`test`.`m`.`id` MOD 3 AS `a6`,`test`.`m`.`id` MOD 4 AS `a7`,`test`.`m`.`id` DIV 2 AS `a8`,pow(`test`.`m`.`y`,2) AS `a9`,sqrt(`test`.`m`.`y`) AS `a10`,sign(`test`.`m`.`x`) AS `a11`,greatest(`test`.`m`.`id`,5) AS `a12`,least(`test`.`m`.`x`,1) AS `a13`,-`test`.`m`.`id` AS `a14`,~`test`.`m`.`id` AS `a15`,`test`.`m`.`id` << 2 AS `a16`,`test`.`m`.`id` & 3 AS `a17`,`test`.`m`.`id` ^ 1 AS `a18` from `test`.`m`;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`n2` AS select current_timestamp() AS `b1`,curdate() AS `b2`,curtime() AS `b3`,current_timestamp() AS `b4`,year(`test`.`m`.`d`) AS `b5`,month(`test`.`m`.`d`) AS `b6`,dayofmonth(`test`.`m`.`d`) AS `b7`,hour(`test`.`m`.`t`) AS `b8`,dayofweek(`test`.`m`.`d`) AS `b9`,`test`.`m`.`d` + interval 1 day AS `b10`,`test`.`m`.`dt` - interval 2 hour AS `b11`,`test`.`m`.`d` + interval 3 month AS `b12`,to_days(`test`.`m`.`d`) - to_days('2020-01-01') AS `b13`,timestampdiff(MINUTE,`test`.`m`.`dt`,current_timestamp()) AS `b14`,cast(`test`.`m`.`dt` as date) AS `b15`,last_day(`test`.`m`.`d`) AS `b16`,extract(year from `test`.`m`.`d`) AS `b17`,unix_timestamp(`test`.`m`.`dt`) AS `b18`,from_unixtime(0) AS `b19`,str_to_date('2020','%Y') AS `b20` from `test`.`m`;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`n3` AS select `test`.`m`.`id` AS `id` from `test`.`m` where `test`.`m`.`d` between '2020-01-01' and '2020-12-31' and `test`.`m`.`x` not between 1 and 2 and `test`.`m`.`id` not in (1,2,3) and `test`.`m`.`y` is not null and `test`.`m`.`x` > 1 is true and `test`.`m`.`id` <> 5;

