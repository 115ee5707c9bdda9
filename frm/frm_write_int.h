/*
 * frm_write_int.h - internals of the .frm writer (frm_write.c,
 * frm_wvalue.c): one column as the writer lays it out in the record and
 * the column block. The format is docs/frm.md; the reader's constants are
 * in frm_int.h.
 */
#ifndef SC_FRM_WRITE_INT_H
#define SC_FRM_WRITE_INT_H

#include "frm/frm_int.h"

/** sc_column_def.flags bit of the columns the writer adds itself: hidden from the user
 * (INVISIBLE_SYSTEM), as the implicit row_start / row_end of a versioned table. */
#define FRM_COL_HIDDEN_SYSTEM 0x80000000u

/** A column as the writer packs it (MariaDB's Create_field after prepare). */
typedef struct frm_wcol {
    const sc_column_def *col;
    unsigned type;        /* FRM_T_* */
    uint32_t length;      /* field length stored at entry + 3 */
    uint32_t pack_flag;   /* FRM_PF_* including the decimals */
    unsigned dec;         /* numbers: the decimals inside pack_flag */
    unsigned unireg;      /* FRM_UNIREG_* */
    unsigned cs_id;       /* collation id (8 for numbers); geometry: its type */
    unsigned interval;    /* 1-based ENUM/SET list, 0 = none */
    uint32_t pack_length; /* bytes in the record */
    uint32_t offset;      /* byte offset in the record (null bytes included) */
    unsigned maxlen;      /* bytes per character of its charset */
    bool nullable;
    bool bit_as_char; /* BIT kept whole in its bytes (InnoDB) */
    size_t null_byte; /* nullable: where its null bit is */
    unsigned null_bit;
    size_t bit_byte; /* BIT not as char: where the odd bits are */
    unsigned bit_ofs;
} frm_wcol;

/** Bytes of a binary DECIMAL(prec, scale). */
size_t sc_frm__decimal_size(unsigned prec, unsigned scale);

/**
 * Convert catalog text (UTF-8, NUL as C0 80) to the bytes of charset cs.
 * @param[in,out] n room at out, then bytes used
 * @return SC_OK, SC_EINVAL (no room, or a charset/character we cannot convert)
 */
int sc_frm__text_bytes(uint8_t *out, size_t *n, const char *cs, const char *text);

/** Write the default of w into rec (record with null bytes; null bits preset). */
int sc_frm__store_default(sc_ctx *ctx, uint8_t *rec, const frm_wcol *w);

/** The legacy engine code of an engine name (header byte 3; .par entries), 0 unknown. */
unsigned sc_frm__legacy_engine(const char *engine);

/** The .par file of a partitioned table (sql/ha_partition.cc create_handler_file). */
int sc_frm__write_par(sc_buf *b, const sc_table_def *def);

/** The PARTITION BY clause as MariaDB stores it in the .frm extra block (the inverse of
 * sc_frm__partition_text). */
void sc_frm__partition_stored(sc_buf *b, const sc_table_def *def);

#endif /* SC_FRM_WRITE_INT_H */
