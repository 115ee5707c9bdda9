CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `m1` (
  `c` varchar(10) DEFAULT NULL,
  `d` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` in ('A','b')),
  CONSTRAINT `CONSTRAINT_2` CHECK (`d` like 'A'),
  CONSTRAINT `CONSTRAINT_3` CHECK (`c` between 'A' and 'z'),
  CONSTRAINT `CONSTRAINT_4` CHECK (concat(`c`,'A','x') <> ''),
  CONSTRAINT `CONSTRAINT_5` CHECK ('A' = `c`),
  CONSTRAINT `CONSTRAINT_6` CHECK (`c` > 'x' and `d` < 'A')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `m2` (
  `c` varchar(10) GENERATED ALWAYS AS (concat('a',0x41)) VIRTUAL,
  `d` varchar(10) DEFAULT NULL,
  `e` varchar(10) GENERATED ALWAYS AS (concat(`d`,'B')) VIRTUAL,
  `f` int(11) GENERATED ALWAYS AS (`d` = 'C') VIRTUAL,
  `g` varchar(10) GENERATED ALWAYS AS (concat(`d`,'x')) VIRTUAL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `m3` (
  `a` int(11) DEFAULT NULL,
  `b` varchar(5) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  `c` varchar(5) DEFAULT NULL,
  `d` varchar(5) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `c1` CHECK (convert(`b` using utf8mb4) = `c`),
  CONSTRAINT `c2` CHECK (`b` = 'x'),
  CONSTRAINT `c3` CHECK (`c` = 'x'),
  CONSTRAINT `c4` CHECK (`c` = 'xE9'),
  CONSTRAINT `c5` CHECK (`b` in ('x','y')),
  CONSTRAINT `c6` CHECK (`c` like 'x%'),
  CONSTRAINT `c7` CHECK (`b` = 'é'),
  CONSTRAINT `c8` CHECK (convert(`d` using latin1) = `b`),
  CONSTRAINT `c9` CHECK (`c` <> convert(`d` using utf8mb4))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `m5` (
  `c` varchar(10) DEFAULT NULL,
  `d` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'A'),
  CONSTRAINT `CONSTRAINT_2` CHECK (`d` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_0` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 0x41)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_1` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = X'e9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_11` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xE9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_12` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_13` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = X'c3a9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_14` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (convert(`c` using latin1) = _latin1'x' collate latin1_bin)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_15` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (convert(`c` using utf8mb4) = _utf8mb4'x' collate utf8mb4_bin)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_2` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 0x41)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_3` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_4` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_5` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_6` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_7` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _binary'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_8` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _ascii'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_as_9` (
  `c` varchar(10) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_0` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 0x41)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_1` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = X'e9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_10` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'é')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_11` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _latin1'xE9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_12` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_13` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = X'c3a9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_14` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _latin1'x' collate latin1_bin)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_15` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (convert(`c` using utf8mb4) = _utf8mb4'x' collate utf8mb4_bin)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_17` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = '€')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_2` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 0x41)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_3` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _latin1'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_4` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _latin1'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_5` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_6` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_7` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _binary'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_8` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_l1_9` (
  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_0` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 0x41)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_1` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = X'e9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_10` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'é')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_11` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _latin1'xE9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_12` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_13` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = X'c3a9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_14` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _latin1'x' collate latin1_bin)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_15` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (convert(`c` using utf8mb4) = _utf8mb4'x' collate utf8mb4_bin)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_17` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = '€')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_2` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 0x41)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_3` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _latin1'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_4` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _latin1'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_5` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_6` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_7` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _binary'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_8` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_tx_9` (
  `c` text CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_0` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'A')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_10` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'é')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_11` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xE9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_12` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _utf8mb3'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_13` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'é')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_15` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (convert(`c` using utf8mb4) = _utf8mb4'x' collate utf8mb4_bin)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_16` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'ā')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_17` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = '€')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_2` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'A')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_3` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_4` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_5` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_6` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_7` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_8` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u3_9` (
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_0` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'A')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_10` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'é')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_11` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xE9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_12` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_13` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'é')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_15` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _utf8mb4'x' collate utf8mb4_bin)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_16` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'ā')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_17` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = '€')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_2` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'A')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_3` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_4` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_5` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _utf8mb4'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_6` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _utf8mb4'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_7` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_8` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_u4_9` (
  `c` varchar(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_0` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'A')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_10` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'é')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_11` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xE9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_12` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_13` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'é')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_15` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _utf8mb4'x' collate utf8mb4_bin)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_16` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'ā')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_17` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = '€')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_2` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'A')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_3` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_4` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_5` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _utf8mb4'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_6` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _utf8mb4'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_7` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_8` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_ub_9` (
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_0` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 0x41)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_1` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = X'e9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_10` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'é')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_11` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _latin1'xE9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_12` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _utf8mb3'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_13` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = X'c3a9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_14` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _latin1'x' collate latin1_bin)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_15` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (convert(`c` using utf8mb4) = _utf8mb4'x' collate utf8mb4_bin)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_16` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'ā')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_17` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = '€')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_2` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 0x41)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_3` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _latin1'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_4` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _latin1'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_5` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _utf8mb4'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_6` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _utf8mb4'xC3xA9')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_7` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _binary'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_8` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = _ascii'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `t_vb_9` (
  `c` varbinary(10) DEFAULT NULL,
  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'x')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

