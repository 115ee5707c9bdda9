CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `t1` (
  `a` int(11) DEFAULT abs(-1),
  `b` point DEFAULT point(1,2),
  `c` int(11) DEFAULT st_x(point(3,4)),
  `d` varchar(40) DEFAULT inet6_ntoa(inet6_aton('::1')),
  `e` int(11) DEFAULT (json_valid('{}')),
  `f` varchar(40) DEFAULT sformat('{}',1),
  `g` int(11) DEFAULT (natural_sort_key('a') is null),
  `h` linestring DEFAULT linestring(point(0,0),point(1,1))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t2` (
  `a` double DEFAULT 3.141592653589793,
  `b` int(11) DEFAULT 3,
  `c` varchar(30) DEFAULT '3.141592653589793',
  `d` decimal(5,2) DEFAULT 3.14,
  `e` double DEFAULT (pi() + 1),
  `f` int(11) DEFAULT (case when 1 then 2 end),
  `g` int(11) DEFAULT (case 1 when 1 then 2 else 3 end)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `test`.`v1` AS select abs(`test`.`t1`.`a`) AS `abs(a)`,point(`test`.`t1`.`a`,`test`.`t1`.`a`) AS `point(a, a)`,abs(`test`.`t1`.`a`) AS ```abs``(a)` from `test`.`t1`;

CREATE DEFINER=`root`@`localhost` TRIGGER tr1 BEFORE INSERT ON t1 FOR EACH ROW SET NEW.a = test.missing_func(NEW.a);

