CREATE DATABASE `app` /*!40100 DEFAULT CHARACTER SET latin1 COLLATE latin1_swedish_ci */;

CREATE TABLE `t` (
  `a` varchar(10) DEFAULT NULL,
  `b` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
  `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_bin DEFAULT NULL,
  `d` text CHARACTER SET ascii COLLATE ascii_bin DEFAULT NULL,
  `e` char(5) CHARACTER SET utf8mb3 COLLATE utf8mb3_bin DEFAULT NULL,
  `f` varchar(5) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_unicode_ci;

CREATE TABLE `t2` (
  `a` varchar(10) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;

CREATE TABLE `t3` (
  `a` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `t4` (
  `a` varchar(10) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_german2_ci;

CREATE TABLE `t7` (
  `a` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci DEFAULT NULL,
  `b` char(3) CHARACTER SET ucs2 COLLATE ucs2_general_ci DEFAULT NULL,
  `c` varchar(3) CHARACTER SET utf16 COLLATE utf16_general_ci DEFAULT NULL,
  `d` varchar(3) CHARACTER SET utf32 COLLATE utf32_general_ci DEFAULT NULL,
  `e` varchar(3) CHARACTER SET cp1251 COLLATE cp1251_general_ci DEFAULT NULL,
  `f` varchar(3) CHARACTER SET sjis COLLATE sjis_japanese_ci DEFAULT NULL,
  `g` varchar(3) CHARACTER SET big5 COLLATE big5_chinese_ci DEFAULT NULL,
  `h` varchar(3) CHARACTER SET gbk COLLATE gbk_chinese_ci DEFAULT NULL,
  `i` varchar(3) CHARACTER SET euckr COLLATE euckr_korean_ci DEFAULT NULL,
  `j` varchar(3) CHARACTER SET cp932 COLLATE cp932_japanese_ci DEFAULT NULL,
  `k` varchar(3) CHARACTER SET eucjpms COLLATE eucjpms_japanese_ci DEFAULT NULL,
  `l` varchar(3) CHARACTER SET koi8r COLLATE koi8r_general_ci DEFAULT NULL,
  `m` varchar(3) CHARACTER SET greek COLLATE greek_general_ci DEFAULT NULL,
  `n` varchar(3) CHARACTER SET hebrew COLLATE hebrew_general_ci DEFAULT NULL,
  `o` varchar(3) CHARACTER SET utf16le COLLATE utf16le_general_ci DEFAULT NULL,
  `p` varchar(3) CHARACTER SET gb2312 COLLATE gb2312_chinese_ci DEFAULT NULL,
  `q` varchar(3) CHARACTER SET tis620 COLLATE tis620_thai_ci DEFAULT NULL,
  `r` varchar(3) CHARACTER SET latin2 COLLATE latin2_czech_cs DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_unicode_ci;

CREATE TABLE `t8` (
  `a` varchar(5) DEFAULT NULL,
  `b` varchar(5) DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE DATABASE `app3` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci */;

CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE TABLE `u` (
  `a` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_uca1400_ai_ci DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `u3` (
  `a` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT NULL,
  `b` varchar(10) CHARACTER SET latin1 COLLATE latin1_general_cs DEFAULT NULL,
  `c` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_spanish_ci DEFAULT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

