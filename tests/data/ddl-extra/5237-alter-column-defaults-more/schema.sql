CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `ad` (
  `id` int(11) NOT NULL,
  `ts` timestamp NOT NULL,
  `dt` datetime(3) DEFAULT NULL,
  `n` int(11) NOT NULL,
  `s` varchar(10) NOT NULL,
  `t` text DEFAULT 'long text',
  `e` enum('a','b') NOT NULL DEFAULT 'b',
  `b` bit(3) DEFAULT b'101'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

