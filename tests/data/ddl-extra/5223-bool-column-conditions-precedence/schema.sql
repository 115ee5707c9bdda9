CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `f2` (
  `a` int(11) DEFAULT NULL,
  `b` int(11) DEFAULT NULL,
  `c` int(11) GENERATED ALWAYS AS (if(`a` <> 0 and `b` <> 0,1,0)) VIRTUAL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`a` xor `b` = 0),
  CONSTRAINT `CONSTRAINT_2` CHECK (`a` <> 0 and `b` <> 0 or `a` <> 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `flags` (
  `id` int(11) NOT NULL,
  `active` tinyint(1) NOT NULL DEFAULT 1,
  `deleted` tinyint(1) NOT NULL DEFAULT 0,
  `score` int(11) DEFAULT NULL,
  `visible` tinyint(1) GENERATED ALWAYS AS (`active` <> 0 and `deleted` = 0) STORED,
  `band` int(11) GENERATED ALWAYS AS ((`score` > 10) between 0 and 1) VIRTUAL,
  `odd` int(11) GENERATED ALWAYS AS (`score` like '%1' between 0 and 1) VIRTUAL,
  `inn` int(11) GENERATED ALWAYS AS (`score` is null = `score` in (1,2)) VIRTUAL,
  `r` int(11) GENERATED ALWAYS AS (`score` regexp '^1' between 0 and 1) VIRTUAL,
  `t` int(11) DEFAULT (`id` = 0),
  `u` int(11) GENERATED ALWAYS AS (`score` is not null) VIRTUAL,
  PRIMARY KEY (`id`),
  CONSTRAINT `live` CHECK (`active` <> 0 or `deleted` = 0),
  CONSTRAINT `CONSTRAINT_1` CHECK (`active` = 0 or `deleted` = 0),
  CONSTRAINT `c3` CHECK (`score` between (`id` = 1) and 100 or `score` <> 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

