/*
 * charset.c - the static table of MariaDB 10.11 character sets and
 * collations (see charset.h). Names and ids follow MariaDB's strings/ctype-*.c
 * and `SHOW COLLATION`; the table is sorted by name for binary search.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ddl/charset.h"

static const sc_charset_info charsets[] = {
    {"armscii8", "armscii8_general_ci", 1}, {"ascii", "ascii_general_ci", 1},
    {"big5", "big5_chinese_ci", 2},         {"binary", "binary", 1},
    {"cp1250", "cp1250_general_ci", 1},     {"cp1251", "cp1251_general_ci", 1},
    {"cp1256", "cp1256_general_ci", 1},     {"cp1257", "cp1257_general_ci", 1},
    {"cp850", "cp850_general_ci", 1},       {"cp852", "cp852_general_ci", 1},
    {"cp866", "cp866_general_ci", 1},       {"cp932", "cp932_japanese_ci", 2},
    {"dec8", "dec8_swedish_ci", 1},         {"eucjpms", "eucjpms_japanese_ci", 3},
    {"euckr", "euckr_korean_ci", 2},        {"gb2312", "gb2312_chinese_ci", 2},
    {"gbk", "gbk_chinese_ci", 2},           {"geostd8", "geostd8_general_ci", 1},
    {"greek", "greek_general_ci", 1},       {"hebrew", "hebrew_general_ci", 1},
    {"hp8", "hp8_english_ci", 1},           {"keybcs2", "keybcs2_general_ci", 1},
    {"koi8r", "koi8r_general_ci", 1},       {"koi8u", "koi8u_general_ci", 1},
    {"latin1", "latin1_swedish_ci", 1},     {"latin2", "latin2_general_ci", 1},
    {"latin5", "latin5_turkish_ci", 1},     {"latin7", "latin7_general_ci", 1},
    {"macce", "macce_general_ci", 1},       {"macroman", "macroman_general_ci", 1},
    {"sjis", "sjis_japanese_ci", 2},        {"swe7", "swe7_swedish_ci", 1},
    {"tis620", "tis620_thai_ci", 1},        {"ucs2", "ucs2_general_ci", 2},
    {"ujis", "ujis_japanese_ci", 3},        {"utf16", "utf16_general_ci", 4},
    {"utf16le", "utf16le_general_ci", 4},   {"utf32", "utf32_general_ci", 4},
    {"utf8mb3", "utf8mb3_general_ci", 3},   {"utf8mb4", "utf8mb4_general_ci", 4},
};

static const sc_collation_info collations[] = {
    {"armscii8_bin", 64, "armscii8", false},
    {"armscii8_general_ci", 32, "armscii8", true},
    {"armscii8_general_nopad_ci", 1056, "armscii8", false},
    {"armscii8_nopad_bin", 1088, "armscii8", false},
    {"ascii_bin", 65, "ascii", false},
    {"ascii_general_ci", 11, "ascii", true},
    {"ascii_general_nopad_ci", 1035, "ascii", false},
    {"ascii_nopad_bin", 1089, "ascii", false},
    {"big5_bin", 84, "big5", false},
    {"big5_chinese_ci", 1, "big5", true},
    {"big5_chinese_nopad_ci", 1025, "big5", false},
    {"big5_nopad_bin", 1108, "big5", false},
    {"binary", 63, "binary", true},
    {"cp1250_bin", 66, "cp1250", false},
    {"cp1250_croatian_ci", 44, "cp1250", false},
    {"cp1250_czech_cs", 34, "cp1250", false},
    {"cp1250_general_ci", 26, "cp1250", true},
    {"cp1250_general_nopad_ci", 1050, "cp1250", false},
    {"cp1250_nopad_bin", 1090, "cp1250", false},
    {"cp1250_polish_ci", 99, "cp1250", false},
    {"cp1251_bin", 50, "cp1251", false},
    {"cp1251_bulgarian_ci", 14, "cp1251", false},
    {"cp1251_general_ci", 51, "cp1251", true},
    {"cp1251_general_cs", 52, "cp1251", false},
    {"cp1251_general_nopad_ci", 1075, "cp1251", false},
    {"cp1251_nopad_bin", 1074, "cp1251", false},
    {"cp1251_ukrainian_ci", 23, "cp1251", false},
    {"cp1256_bin", 67, "cp1256", false},
    {"cp1256_general_ci", 57, "cp1256", true},
    {"cp1256_general_nopad_ci", 1081, "cp1256", false},
    {"cp1256_nopad_bin", 1091, "cp1256", false},
    {"cp1257_bin", 58, "cp1257", false},
    {"cp1257_general_ci", 59, "cp1257", true},
    {"cp1257_general_nopad_ci", 1083, "cp1257", false},
    {"cp1257_lithuanian_ci", 29, "cp1257", false},
    {"cp1257_nopad_bin", 1082, "cp1257", false},
    {"cp850_bin", 80, "cp850", false},
    {"cp850_general_ci", 4, "cp850", true},
    {"cp850_general_nopad_ci", 1028, "cp850", false},
    {"cp850_nopad_bin", 1104, "cp850", false},
    {"cp852_bin", 81, "cp852", false},
    {"cp852_general_ci", 40, "cp852", true},
    {"cp852_general_nopad_ci", 1064, "cp852", false},
    {"cp852_nopad_bin", 1105, "cp852", false},
    {"cp866_bin", 68, "cp866", false},
    {"cp866_general_ci", 36, "cp866", true},
    {"cp866_general_nopad_ci", 1060, "cp866", false},
    {"cp866_nopad_bin", 1092, "cp866", false},
    {"cp932_bin", 96, "cp932", false},
    {"cp932_japanese_ci", 95, "cp932", true},
    {"cp932_japanese_nopad_ci", 1119, "cp932", false},
    {"cp932_nopad_bin", 1120, "cp932", false},
    {"dec8_bin", 69, "dec8", false},
    {"dec8_nopad_bin", 1093, "dec8", false},
    {"dec8_swedish_ci", 3, "dec8", true},
    {"dec8_swedish_nopad_ci", 1027, "dec8", false},
    {"eucjpms_bin", 98, "eucjpms", false},
    {"eucjpms_japanese_ci", 97, "eucjpms", true},
    {"eucjpms_japanese_nopad_ci", 1121, "eucjpms", false},
    {"eucjpms_nopad_bin", 1122, "eucjpms", false},
    {"euckr_bin", 85, "euckr", false},
    {"euckr_korean_ci", 19, "euckr", true},
    {"euckr_korean_nopad_ci", 1043, "euckr", false},
    {"euckr_nopad_bin", 1109, "euckr", false},
    {"gb2312_bin", 86, "gb2312", false},
    {"gb2312_chinese_ci", 24, "gb2312", true},
    {"gb2312_chinese_nopad_ci", 1048, "gb2312", false},
    {"gb2312_nopad_bin", 1110, "gb2312", false},
    {"gbk_bin", 87, "gbk", false},
    {"gbk_chinese_ci", 28, "gbk", true},
    {"gbk_chinese_nopad_ci", 1052, "gbk", false},
    {"gbk_nopad_bin", 1111, "gbk", false},
    {"geostd8_bin", 93, "geostd8", false},
    {"geostd8_general_ci", 92, "geostd8", true},
    {"geostd8_general_nopad_ci", 1116, "geostd8", false},
    {"geostd8_nopad_bin", 1117, "geostd8", false},
    {"greek_bin", 70, "greek", false},
    {"greek_general_ci", 25, "greek", true},
    {"greek_general_nopad_ci", 1049, "greek", false},
    {"greek_nopad_bin", 1094, "greek", false},
    {"hebrew_bin", 71, "hebrew", false},
    {"hebrew_general_ci", 16, "hebrew", true},
    {"hebrew_general_nopad_ci", 1040, "hebrew", false},
    {"hebrew_nopad_bin", 1095, "hebrew", false},
    {"hp8_bin", 72, "hp8", false},
    {"hp8_english_ci", 6, "hp8", true},
    {"hp8_english_nopad_ci", 1030, "hp8", false},
    {"hp8_nopad_bin", 1096, "hp8", false},
    {"keybcs2_bin", 73, "keybcs2", false},
    {"keybcs2_general_ci", 37, "keybcs2", true},
    {"keybcs2_general_nopad_ci", 1061, "keybcs2", false},
    {"keybcs2_nopad_bin", 1097, "keybcs2", false},
    {"koi8r_bin", 74, "koi8r", false},
    {"koi8r_general_ci", 7, "koi8r", true},
    {"koi8r_general_nopad_ci", 1031, "koi8r", false},
    {"koi8r_nopad_bin", 1098, "koi8r", false},
    {"koi8u_bin", 75, "koi8u", false},
    {"koi8u_general_ci", 22, "koi8u", true},
    {"koi8u_general_nopad_ci", 1046, "koi8u", false},
    {"koi8u_nopad_bin", 1099, "koi8u", false},
    {"latin1_bin", 47, "latin1", false},
    {"latin1_danish_ci", 15, "latin1", false},
    {"latin1_general_ci", 48, "latin1", false},
    {"latin1_general_cs", 49, "latin1", false},
    {"latin1_german1_ci", 5, "latin1", false},
    {"latin1_german2_ci", 31, "latin1", false},
    {"latin1_nopad_bin", 1071, "latin1", false},
    {"latin1_spanish_ci", 94, "latin1", false},
    {"latin1_swedish_ci", 8, "latin1", true},
    {"latin1_swedish_nopad_ci", 1032, "latin1", false},
    {"latin2_bin", 77, "latin2", false},
    {"latin2_croatian_ci", 27, "latin2", false},
    {"latin2_czech_cs", 2, "latin2", false},
    {"latin2_general_ci", 9, "latin2", true},
    {"latin2_general_nopad_ci", 1033, "latin2", false},
    {"latin2_hungarian_ci", 21, "latin2", false},
    {"latin2_nopad_bin", 1101, "latin2", false},
    {"latin5_bin", 78, "latin5", false},
    {"latin5_nopad_bin", 1102, "latin5", false},
    {"latin5_turkish_ci", 30, "latin5", true},
    {"latin5_turkish_nopad_ci", 1054, "latin5", false},
    {"latin7_bin", 79, "latin7", false},
    {"latin7_estonian_cs", 20, "latin7", false},
    {"latin7_general_ci", 41, "latin7", true},
    {"latin7_general_cs", 42, "latin7", false},
    {"latin7_general_nopad_ci", 1065, "latin7", false},
    {"latin7_nopad_bin", 1103, "latin7", false},
    {"macce_bin", 43, "macce", false},
    {"macce_general_ci", 38, "macce", true},
    {"macce_general_nopad_ci", 1062, "macce", false},
    {"macce_nopad_bin", 1067, "macce", false},
    {"macroman_bin", 53, "macroman", false},
    {"macroman_general_ci", 39, "macroman", true},
    {"macroman_general_nopad_ci", 1063, "macroman", false},
    {"macroman_nopad_bin", 1077, "macroman", false},
    {"sjis_bin", 88, "sjis", false},
    {"sjis_japanese_ci", 13, "sjis", true},
    {"sjis_japanese_nopad_ci", 1037, "sjis", false},
    {"sjis_nopad_bin", 1112, "sjis", false},
    {"swe7_bin", 82, "swe7", false},
    {"swe7_nopad_bin", 1106, "swe7", false},
    {"swe7_swedish_ci", 10, "swe7", true},
    {"swe7_swedish_nopad_ci", 1034, "swe7", false},
    {"tis620_bin", 89, "tis620", false},
    {"tis620_nopad_bin", 1113, "tis620", false},
    {"tis620_thai_ci", 18, "tis620", true},
    {"tis620_thai_nopad_ci", 1042, "tis620", false},
    {"ucs2_bin", 90, "ucs2", false},
    {"ucs2_croatian_ci", 640, "ucs2", false},
    {"ucs2_croatian_mysql561_ci", 149, "ucs2", false},
    {"ucs2_czech_ci", 138, "ucs2", false},
    {"ucs2_danish_ci", 139, "ucs2", false},
    {"ucs2_esperanto_ci", 145, "ucs2", false},
    {"ucs2_estonian_ci", 134, "ucs2", false},
    {"ucs2_general_ci", 35, "ucs2", true},
    {"ucs2_general_mysql500_ci", 159, "ucs2", false},
    {"ucs2_general_nopad_ci", 1059, "ucs2", false},
    {"ucs2_german2_ci", 148, "ucs2", false},
    {"ucs2_hungarian_ci", 146, "ucs2", false},
    {"ucs2_icelandic_ci", 129, "ucs2", false},
    {"ucs2_latvian_ci", 130, "ucs2", false},
    {"ucs2_lithuanian_ci", 140, "ucs2", false},
    {"ucs2_myanmar_ci", 641, "ucs2", false},
    {"ucs2_nopad_bin", 1114, "ucs2", false},
    {"ucs2_persian_ci", 144, "ucs2", false},
    {"ucs2_polish_ci", 133, "ucs2", false},
    {"ucs2_roman_ci", 143, "ucs2", false},
    {"ucs2_romanian_ci", 131, "ucs2", false},
    {"ucs2_sinhala_ci", 147, "ucs2", false},
    {"ucs2_slovak_ci", 141, "ucs2", false},
    {"ucs2_slovenian_ci", 132, "ucs2", false},
    {"ucs2_spanish2_ci", 142, "ucs2", false},
    {"ucs2_spanish_ci", 135, "ucs2", false},
    {"ucs2_swedish_ci", 136, "ucs2", false},
    {"ucs2_thai_520_w2", 642, "ucs2", false},
    {"ucs2_turkish_ci", 137, "ucs2", false},
    {"ucs2_unicode_520_ci", 150, "ucs2", false},
    {"ucs2_unicode_520_nopad_ci", 1174, "ucs2", false},
    {"ucs2_unicode_ci", 128, "ucs2", false},
    {"ucs2_unicode_nopad_ci", 1152, "ucs2", false},
    {"ucs2_vietnamese_ci", 151, "ucs2", false},
    {"ujis_bin", 91, "ujis", false},
    {"ujis_japanese_ci", 12, "ujis", true},
    {"ujis_japanese_nopad_ci", 1036, "ujis", false},
    {"ujis_nopad_bin", 1115, "ujis", false},
    {"utf16_bin", 55, "utf16", false},
    {"utf16_croatian_ci", 672, "utf16", false},
    {"utf16_croatian_mysql561_ci", 122, "utf16", false},
    {"utf16_czech_ci", 111, "utf16", false},
    {"utf16_danish_ci", 112, "utf16", false},
    {"utf16_esperanto_ci", 118, "utf16", false},
    {"utf16_estonian_ci", 107, "utf16", false},
    {"utf16_general_ci", 54, "utf16", true},
    {"utf16_general_nopad_ci", 1078, "utf16", false},
    {"utf16_german2_ci", 121, "utf16", false},
    {"utf16_hungarian_ci", 119, "utf16", false},
    {"utf16_icelandic_ci", 102, "utf16", false},
    {"utf16_latvian_ci", 103, "utf16", false},
    {"utf16_lithuanian_ci", 113, "utf16", false},
    {"utf16_myanmar_ci", 673, "utf16", false},
    {"utf16_nopad_bin", 1079, "utf16", false},
    {"utf16_persian_ci", 117, "utf16", false},
    {"utf16_polish_ci", 106, "utf16", false},
    {"utf16_roman_ci", 116, "utf16", false},
    {"utf16_romanian_ci", 104, "utf16", false},
    {"utf16_sinhala_ci", 120, "utf16", false},
    {"utf16_slovak_ci", 114, "utf16", false},
    {"utf16_slovenian_ci", 105, "utf16", false},
    {"utf16_spanish2_ci", 115, "utf16", false},
    {"utf16_spanish_ci", 108, "utf16", false},
    {"utf16_swedish_ci", 109, "utf16", false},
    {"utf16_thai_520_w2", 674, "utf16", false},
    {"utf16_turkish_ci", 110, "utf16", false},
    {"utf16_unicode_520_ci", 123, "utf16", false},
    {"utf16_unicode_520_nopad_ci", 1147, "utf16", false},
    {"utf16_unicode_ci", 101, "utf16", false},
    {"utf16_unicode_nopad_ci", 1125, "utf16", false},
    {"utf16_vietnamese_ci", 124, "utf16", false},
    {"utf16le_bin", 62, "utf16le", false},
    {"utf16le_general_ci", 56, "utf16le", true},
    {"utf16le_general_nopad_ci", 1080, "utf16le", false},
    {"utf16le_nopad_bin", 1086, "utf16le", false},
    {"utf32_bin", 61, "utf32", false},
    {"utf32_croatian_ci", 736, "utf32", false},
    {"utf32_croatian_mysql561_ci", 181, "utf32", false},
    {"utf32_czech_ci", 170, "utf32", false},
    {"utf32_danish_ci", 171, "utf32", false},
    {"utf32_esperanto_ci", 177, "utf32", false},
    {"utf32_estonian_ci", 166, "utf32", false},
    {"utf32_general_ci", 60, "utf32", true},
    {"utf32_general_nopad_ci", 1084, "utf32", false},
    {"utf32_german2_ci", 180, "utf32", false},
    {"utf32_hungarian_ci", 178, "utf32", false},
    {"utf32_icelandic_ci", 161, "utf32", false},
    {"utf32_latvian_ci", 162, "utf32", false},
    {"utf32_lithuanian_ci", 172, "utf32", false},
    {"utf32_myanmar_ci", 737, "utf32", false},
    {"utf32_nopad_bin", 1085, "utf32", false},
    {"utf32_persian_ci", 176, "utf32", false},
    {"utf32_polish_ci", 165, "utf32", false},
    {"utf32_roman_ci", 175, "utf32", false},
    {"utf32_romanian_ci", 163, "utf32", false},
    {"utf32_sinhala_ci", 179, "utf32", false},
    {"utf32_slovak_ci", 173, "utf32", false},
    {"utf32_slovenian_ci", 164, "utf32", false},
    {"utf32_spanish2_ci", 174, "utf32", false},
    {"utf32_spanish_ci", 167, "utf32", false},
    {"utf32_swedish_ci", 168, "utf32", false},
    {"utf32_thai_520_w2", 738, "utf32", false},
    {"utf32_turkish_ci", 169, "utf32", false},
    {"utf32_unicode_520_ci", 182, "utf32", false},
    {"utf32_unicode_520_nopad_ci", 1206, "utf32", false},
    {"utf32_unicode_ci", 160, "utf32", false},
    {"utf32_unicode_nopad_ci", 1184, "utf32", false},
    {"utf32_vietnamese_ci", 183, "utf32", false},
    {"utf8mb3_bin", 83, "utf8mb3", false},
    {"utf8mb3_croatian_ci", 576, "utf8mb3", false},
    {"utf8mb3_croatian_mysql561_ci", 213, "utf8mb3", false},
    {"utf8mb3_czech_ci", 202, "utf8mb3", false},
    {"utf8mb3_danish_ci", 203, "utf8mb3", false},
    {"utf8mb3_esperanto_ci", 209, "utf8mb3", false},
    {"utf8mb3_estonian_ci", 198, "utf8mb3", false},
    {"utf8mb3_general_ci", 33, "utf8mb3", true},
    {"utf8mb3_general_mysql500_ci", 223, "utf8mb3", false},
    {"utf8mb3_general_nopad_ci", 1057, "utf8mb3", false},
    {"utf8mb3_german2_ci", 212, "utf8mb3", false},
    {"utf8mb3_hungarian_ci", 210, "utf8mb3", false},
    {"utf8mb3_icelandic_ci", 193, "utf8mb3", false},
    {"utf8mb3_latvian_ci", 194, "utf8mb3", false},
    {"utf8mb3_lithuanian_ci", 204, "utf8mb3", false},
    {"utf8mb3_myanmar_ci", 577, "utf8mb3", false},
    {"utf8mb3_nopad_bin", 1107, "utf8mb3", false},
    {"utf8mb3_persian_ci", 208, "utf8mb3", false},
    {"utf8mb3_polish_ci", 197, "utf8mb3", false},
    {"utf8mb3_roman_ci", 207, "utf8mb3", false},
    {"utf8mb3_romanian_ci", 195, "utf8mb3", false},
    {"utf8mb3_sinhala_ci", 211, "utf8mb3", false},
    {"utf8mb3_slovak_ci", 205, "utf8mb3", false},
    {"utf8mb3_slovenian_ci", 196, "utf8mb3", false},
    {"utf8mb3_spanish2_ci", 206, "utf8mb3", false},
    {"utf8mb3_spanish_ci", 199, "utf8mb3", false},
    {"utf8mb3_swedish_ci", 200, "utf8mb3", false},
    {"utf8mb3_thai_520_w2", 578, "utf8mb3", false},
    {"utf8mb3_turkish_ci", 201, "utf8mb3", false},
    {"utf8mb3_unicode_520_ci", 214, "utf8mb3", false},
    {"utf8mb3_unicode_520_nopad_ci", 1238, "utf8mb3", false},
    {"utf8mb3_unicode_ci", 192, "utf8mb3", false},
    {"utf8mb3_unicode_nopad_ci", 1216, "utf8mb3", false},
    {"utf8mb3_vietnamese_ci", 215, "utf8mb3", false},
    {"utf8mb4_bin", 46, "utf8mb4", false},
    {"utf8mb4_croatian_ci", 608, "utf8mb4", false},
    {"utf8mb4_croatian_mysql561_ci", 245, "utf8mb4", false},
    {"utf8mb4_czech_ci", 234, "utf8mb4", false},
    {"utf8mb4_danish_ci", 235, "utf8mb4", false},
    {"utf8mb4_esperanto_ci", 241, "utf8mb4", false},
    {"utf8mb4_estonian_ci", 230, "utf8mb4", false},
    {"utf8mb4_general_ci", 45, "utf8mb4", true},
    {"utf8mb4_general_nopad_ci", 1069, "utf8mb4", false},
    {"utf8mb4_german2_ci", 244, "utf8mb4", false},
    {"utf8mb4_hungarian_ci", 242, "utf8mb4", false},
    {"utf8mb4_icelandic_ci", 225, "utf8mb4", false},
    {"utf8mb4_latvian_ci", 226, "utf8mb4", false},
    {"utf8mb4_lithuanian_ci", 236, "utf8mb4", false},
    {"utf8mb4_myanmar_ci", 609, "utf8mb4", false},
    {"utf8mb4_nopad_bin", 1070, "utf8mb4", false},
    {"utf8mb4_persian_ci", 240, "utf8mb4", false},
    {"utf8mb4_polish_ci", 229, "utf8mb4", false},
    {"utf8mb4_roman_ci", 239, "utf8mb4", false},
    {"utf8mb4_romanian_ci", 227, "utf8mb4", false},
    {"utf8mb4_sinhala_ci", 243, "utf8mb4", false},
    {"utf8mb4_slovak_ci", 237, "utf8mb4", false},
    {"utf8mb4_slovenian_ci", 228, "utf8mb4", false},
    {"utf8mb4_spanish2_ci", 238, "utf8mb4", false},
    {"utf8mb4_spanish_ci", 231, "utf8mb4", false},
    {"utf8mb4_swedish_ci", 232, "utf8mb4", false},
    {"utf8mb4_thai_520_w2", 610, "utf8mb4", false},
    {"utf8mb4_turkish_ci", 233, "utf8mb4", false},
    {"utf8mb4_unicode_520_ci", 246, "utf8mb4", false},
    {"utf8mb4_unicode_520_nopad_ci", 1270, "utf8mb4", false},
    {"utf8mb4_unicode_ci", 224, "utf8mb4", false},
    {"utf8mb4_unicode_nopad_ci", 1248, "utf8mb4", false},
    {"utf8mb4_vietnamese_ci", 247, "utf8mb4", false},
};

#define N_CHARSETS (sizeof(charsets) / sizeof(charsets[0]))
#define N_COLLATIONS (sizeof(collations) / sizeof(collations[0]))

/* Map the utf8 alias onto utf8mb3: "utf8" -> "utf8mb3", "utf8_x" -> "utf8mb3_x". */
static const char *unalias(char *buf, size_t size, const char *name)
{
    if (strncasecmp(name, "utf8", 4) != 0 || (name[4] != '\0' && name[4] != '_'))
        return name;
    snprintf(buf, size, "utf8mb3%s", name + 4);
    return buf;
}

const sc_charset_info *sc_charset__find(const char *name)
{
    char buf[80];
    size_t lo = 0, hi = N_CHARSETS;

    if (!name)
        return NULL;
    name = unalias(buf, sizeof(buf), name);
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcasecmp(name, charsets[mid].name);
        if (c == 0)
            return &charsets[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

const sc_collation_info *sc_charset__collation_find(const char *name)
{
    char buf[80];
    size_t lo = 0, hi = N_COLLATIONS;

    if (!name)
        return NULL;
    name = unalias(buf, sizeof(buf), name);
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcasecmp(name, collations[mid].name);
        if (c == 0)
            return &collations[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

const sc_collation_info *sc_charset__collation_by_id(unsigned id)
{
    for (size_t i = 0; i < N_COLLATIONS; i++)
        if (collations[i].id == id)
            return &collations[i];
    return NULL;
}

int sc_charset__resolve(const sc_charset_info **cs_out,
                        const sc_collation_info **coll_out,
                        sc_ctx *ctx,
                        const char *charset,
                        const char *collation)
{
    const sc_charset_info *cs = NULL;
    const sc_collation_info *coll = NULL;

    *cs_out = NULL;
    *coll_out = NULL;
    if (charset) {
        cs = sc_charset__find(charset);
        if (!cs)
            return sc_error_set(ctx, SC_ESQL, 1115, "42000", "Unknown character set: '%s'",
                                charset);
    }
    if (collation) {
        coll = sc_charset__collation_find(collation);
        if (!coll)
            return sc_error_set(ctx, SC_ESQL, 1273, "HY000", "Unknown collation: '%s'", collation);
        if (cs && strcmp(coll->charset, cs->name) != 0)
            return sc_error_set(ctx, SC_ESQL, 1253, "42000",
                                "COLLATION '%s' is not valid for CHARACTER SET '%s'", coll->name,
                                cs->name);
        if (!cs)
            cs = sc_charset__find(coll->charset);
    } else if (cs) {
        coll = sc_charset__collation_find(cs->default_collation);
    }
    *cs_out = cs;
    *coll_out = coll;
    return SC_OK;
}

unsigned sc_charset__maxlen(const char *charset)
{
    const sc_charset_info *cs = sc_charset__find(charset);
    return cs ? cs->maxlen : 1;
}
