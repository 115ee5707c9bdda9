CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `r` (
  `a_new` int(11) DEFAULT NULL,
  `cc` int(11) DEFAULT (`a_new` + 1),
  `e` int(11) GENERATED ALWAYS AS (`cc` * 2) VIRTUAL,
  CONSTRAINT `ce` CHECK (`e` >= 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

