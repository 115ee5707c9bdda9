CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE ALGORITHM=UNDEFINED DEFINER=`app`@`%` SQL SECURITY DEFINER VIEW `test`.`d1` AS select `test`.`t`.`a` AS `a` from `test`.`t`;

CREATE ALGORITHM=TEMPTABLE DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`d2` AS select `test`.`t`.`b` AS `b` from `test`.`t`;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`d3` AS select `test`.`t`.`id` AS `x`,`test`.`t`.`a` AS `y` from `test`.`t` WITH LOCAL CHECK OPTION;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`d4b` AS select `test`.`t`.`id` AS `id`,`test`.`t`.`b` AS `b` from `test`.`t`;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`d7` AS select `d3`.`x` AS `x` from (`test`.`d3` join `test`.`d4` on(`d3`.`x` = `d4`.`id`));

