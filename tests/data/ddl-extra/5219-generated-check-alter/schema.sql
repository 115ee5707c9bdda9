CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `g` (
  `id` int(11) NOT NULL,
  `price` decimal(10,2) DEFAULT NULL,
  `quantity` int(11) DEFAULT NULL,
  `total` decimal(14,2) GENERATED ALWAYS AS (`price` * `quantity` + 1) STORED,
  `tax` decimal(12,2) GENERATED ALWAYS AS (`total` * 0.2) VIRTUAL,
  `label` varchar(50) GENERATED ALWAYS AS (concat('#',`id`)) VIRTUAL,
  `flag` tinyint(1) GENERATED ALWAYS AS (`quantity` > 10) VIRTUAL,
  `j` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_length(`j`) < 5),
  `s` varchar(10) GENERATED ALWAYS AS (`quantity`) VIRTUAL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `s` (`s`),
  KEY `total` (`total`),
  KEY `label` (`label`),
  CONSTRAINT `chk_price` CHECK (`price` > 0),
  CONSTRAINT `CONSTRAINT_1` CHECK (`quantity` < 1000),
  CONSTRAINT `CONSTRAINT_2` CHECK (`id` > 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

