#!/usr/bin/env python3
"""gen_ddl.py - a random, seed-deterministic stream of MariaDB 10.11 DDL.

Used to drive syscat (and a real MariaDB 10.11, for comparison) with
thousands of statements that mostly succeed: CREATE/DROP DATABASE, CREATE
TABLE with many column types, defaults, generated columns, indexes, unique
keys, foreign keys (self references, chains, across databases), CHECK
constraints and table options; ALTER TABLE of every kind; RENAME TABLE
across databases; DROP TABLE; TRUNCATE; CREATE/DROP INDEX; USE; and
`BEGIN; ...; COMMIT;` groups. A few statements fail on purpose (about 2%:
duplicate names, unknown tables) so error paths are exercised too.

Why Python and not C: the generator is string assembly over a small schema
model; python3 is already a build dependency (Makefile DEB_PKGS), and
`random.Random(seed)` gives the same stream for the same seed on every
machine (Python guarantees the sequence of random() and the algorithms of
randrange/choice for a given seed since 3.2). The generator never links
against libsyscat: it must stay independent of what it tests.

Why most statements succeed: the generator keeps its own model of every
database, table, column, index, foreign key and check constraint, and only
emits what MariaDB accepts on empty tables (InnoDB defaults): FK columns
have the parent's key type, are nullable and are never dropped or changed;
referenced tables are neither dropped nor truncated nor moved to another
engine; columns used by generated columns, CHECK constraints or foreign keys
are left alone; key lengths stay within InnoDB (767 bytes per part for
COMPACT) and MyISAM/Aria (1000 bytes) limits; FK names are unique across
the whole stream (InnoDB names them per database, and RENAME TABLE moves
them).

BEGIN/COMMIT: `syscat exec` accepts BEGIN/COMMIT and runs every DDL
statement in its own catalog transaction, exactly like MariaDB, where each
DDL statement commits implicitly; the groups are emitted as such.

Output: one statement per line, each ending with ';' (the DDL corpus line
rule of shared/oracle/README.md), so the stream can be fed to
`syscat exec --results` and recorded by tests/oracle/record-ddl.sh as is.

usage: gen_ddl.py [--seed N] [--count N] [--databases N] [--prefix P]
                  [--shared N] [--no-errors] [--no-txn] [-o FILE]
  --seed N       the seed (default 1); same seed, same options -> same stream
  --count N      number of statements (default 1000)
  --databases N  databases the stream keeps around (default 3)
  --prefix P     prefix of every database and table name (default ''),
                 so several sources can write disjoint or colliding names
  --shared N     additionally use N databases named shared1..sharedN without
                 the prefix, created with IF NOT EXISTS and never dropped:
                 sources with different prefixes then collide on those
                 database names only (their tables keep the prefix)
  --no-errors    emit no deliberately failing statements
  --no-txn       emit no BEGIN/COMMIT groups
  -o FILE        write to FILE instead of stdout
"""

import argparse
import random
import sys

INT_TYPES = ["TINYINT", "SMALLINT", "MEDIUMINT", "INT", "BIGINT"]
INT_BYTES = {"TINYINT": 1, "SMALLINT": 2, "MEDIUMINT": 3, "INT": 4, "BIGINT": 8}
KEY_TYPES = ["INT", "INT UNSIGNED", "BIGINT UNSIGNED", "BIGINT"]
CHARSETS = [
    ("utf8mb4", None),
    ("utf8mb4", "utf8mb4_unicode_ci"),
    ("utf8mb4", "utf8mb4_bin"),
    ("latin1", None),
    ("latin1", "latin1_bin"),
    ("ascii", None),
    ("utf8mb3", None),
]
TEXT_TYPES = ["TINYTEXT", "TEXT", "MEDIUMTEXT", "LONGTEXT"]
BLOB_TYPES = ["TINYBLOB", "BLOB", "MEDIUMBLOB", "LONGBLOB"]
FK_ACTIONS = ["CASCADE", "SET NULL", "RESTRICT", "NO ACTION"]
MYISAM_KEY_MAX = 1000
INNODB_KEY_MAX = 3072


class Column:
    """One column of the model: the SQL text of its type and what it allows."""

    def __init__(self, name, family, type_sql, index_bytes, nullable=True):
        self.name = name
        self.family = family  # int, dec, float, bit, temporal, str, text, blob, enum, json, geo
        self.type_sql = type_sql
        self.index_bytes = index_bytes  # bytes a full-column key part takes; 0: needs a prefix
        self.nullable = nullable
        self.auto = False
        self.generated = False  # a generated column (never a dependency of anything)
        self.pinned = False  # FK column or primary key: never dropped or changed


class Table:
    def __init__(self, name, engine):
        self.name = name
        self.engine = engine
        self.cols = []
        self.indexes = {}  # name -> (unique?, fulltext?, [(col, prefix or None)])
        self.fks = {}  # name -> (col, parent db, parent table)
        self.checks = {}  # name -> set of column names
        self.key_type = None  # type of the primary key column `id`

    def col(self, name):
        for c in self.cols:
            if c.name == name:
                return c
        return None

    def deps(self):
        """Columns something else depends on (generated columns, checks, FKs)."""
        d = set()
        for c in self.cols:
            if c.generated:
                d.update(getattr(c, "deps", ()))
        for s in self.checks.values():
            d.update(s)
        for col, _, _ in self.fks.values():
            d.add(col)
        return d


class Gen:
    def __init__(self, args):
        self.r = random.Random(args.seed)
        self.args = args
        self.prefix = args.prefix
        self.dbs = {}  # name -> {table name -> Table}
        self.shared = ["shared%d" % (i + 1) for i in range(args.shared)]
        self.n = 0  # name counter
        self.out = []
        self.cur_db = None

    # ------------------------------------------------------------ helpers
    def uniq(self, stem):
        self.n += 1
        return "%s%d" % (stem, self.n)

    def chance(self, p):
        return self.r.random() < p

    def emit(self, sql):
        self.out.append(sql + ";")

    def qname(self, db, t):
        if db == self.cur_db and self.chance(0.5):
            return "`%s`" % t if self.chance(0.3) else t
        return "`%s`.`%s`" % (db, t) if self.chance(0.3) else "%s.%s" % (db, t)

    def all_tables(self):
        return [(d, t) for d in sorted(self.dbs) for t in sorted(self.dbs[d])]

    def referenced_from_others(self):
        """{(db, table)} of every table some other table references."""
        res = set()
        for d, tables in self.dbs.items():
            for tn, t in tables.items():
                for _, pd, pt in t.fks.values():
                    if (pd, pt) != (d, tn):
                        res.add((pd, pt))
        return res

    def is_referenced(self, db, tname):
        for d, tn in self.all_tables():
            for _, pd, pt in self.dbs[d][tn].fks.values():
                if pd == db and pt == tname:
                    return True
        return False

    # ------------------------------------------------------------ columns
    def charset_clause(self):
        if not self.chance(0.3):
            return ""
        cs, coll = self.r.choice(CHARSETS)
        return " CHARACTER SET %s" % cs + (" COLLATE %s" % coll if coll else "")

    def new_column(self, name, indexable=False):
        """A random column; indexable=True keeps it usable as a full key part."""
        r = self.r
        fams = ["int", "int", "int", "str", "str", "dec", "temporal", "float", "bit",
                "text", "blob", "enum", "json", "char"]
        if indexable:
            fams = ["int", "int", "str", "str", "temporal", "char", "dec"]
        fam = r.choice(fams)
        default = None
        if fam == "int":
            t = r.choice(INT_TYPES)
            ts = t + ("(%d)" % r.randint(1, 11) if self.chance(0.15) else "")
            if self.chance(0.3):
                ts += " UNSIGNED"
                if self.chance(0.2):
                    ts += " ZEROFILL"
            c = Column(name, "int", ts, INT_BYTES[t])
            default = r.choice(["0", "1", "42", "(1 + 2)", "NULL", "'7'"])
        elif fam == "dec":
            p = r.randint(1, 30)
            s = r.randint(0, min(p, 10))
            c = Column(name, "dec", "DECIMAL(%d,%d)" % (p, s), 16)
            default = r.choice(["0", "NULL", "'0.0'"])
        elif fam == "float":
            c = Column(name, "float", r.choice(["FLOAT", "DOUBLE", "REAL", "DOUBLE PRECISION"]), 8)
            default = r.choice(["0", "1.5", "NULL", "-2.25"])
        elif fam == "bit":
            c = Column(name, "bit", "BIT(%d)" % r.randint(1, 64), 8)
            default = r.choice(["b'1'", "b'0'", "NULL"])
        elif fam == "temporal":
            k = r.choice(["DATE", "DATETIME", "TIME", "YEAR", "TIMESTAMP"])
            if k == "DATE":
                c = Column(name, "temporal", "DATE", 3)
                default = r.choice(["'2020-01-31'", "NULL"])
            elif k == "DATETIME":
                fsp = r.choice([None, 0, 3, 6])
                ts = "DATETIME" if fsp is None else "DATETIME(%d)" % fsp
                c = Column(name, "temporal", ts, 8)
                cur = "CURRENT_TIMESTAMP" if fsp in (None, 0) else "CURRENT_TIMESTAMP(%d)" % fsp
                default = r.choice([cur, "'2001-02-03 04:05:06'", "NULL", cur + " ON UPDATE " + cur])
            elif k == "TIME":
                c = Column(name, "temporal", "TIME", 6)
                default = r.choice(["'12:34:56'", "NULL"])
            elif k == "YEAR":
                c = Column(name, "temporal", "YEAR", 1)
                default = r.choice(["2024", "NULL"])
            else:
                c = Column(name, "temporal", "TIMESTAMP", 4)
                if self.chance(0.5):
                    c.type_sql = "TIMESTAMP NULL"
                    default = "NULL"
                else:
                    c.type_sql = "TIMESTAMP NOT NULL"
                    c.nullable = False
                    default = r.choice(["CURRENT_TIMESTAMP", "CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP",
                                        "'2020-01-01 00:00:00'"])
        elif fam == "str":
            n = r.randint(1, 191 if indexable else 255)
            k = "VARCHAR" if not self.chance(0.15) else "VARBINARY"
            ts = "%s(%d)" % (k, n)
            if k == "VARCHAR":
                ts += self.charset_clause()
            c = Column(name, "str", ts, n * 4 + 2)
            default = r.choice(["''", "'a'", "NULL"])
        elif fam == "char":
            n = r.randint(1, 30)
            k = "CHAR" if not self.chance(0.2) else "BINARY"
            ts = "%s(%d)" % (k, n) + (self.charset_clause() if k == "CHAR" else "")
            c = Column(name, "str", ts, n * 4)
            default = r.choice(["''", "'z'", "NULL"])
        elif fam == "text":
            c = Column(name, "text", r.choice(TEXT_TYPES) + self.charset_clause(), 0)
            default = r.choice(["NULL", "'txt'", None])
        elif fam == "blob":
            c = Column(name, "blob", r.choice(BLOB_TYPES), 0)
            default = r.choice(["NULL", None])
        elif fam == "enum":
            vals = r.sample(["a", "b", "c", "d", "e", "x y", "it''s"], r.randint(1, 4))
            kind = r.choice(["ENUM", "SET"])
            c = Column(name, "enum", "%s(%s)" % (kind, ",".join("'%s'" % v for v in vals)), 8)
            default = r.choice(["NULL", "'%s'" % vals[0]])
        else:  # json
            c = Column(name, "json", "JSON", 0)
            default = r.choice([None, "NULL"])
        return c, default

    def column_sql(self, c, default, allow_gen_from=None, tbl=None):
        """Column definition text; may turn c into a generated column over tbl's int columns."""
        r = self.r
        if tbl is not None and allow_gen_from and self.chance(0.08):
            base = r.choice(allow_gen_from)
            expr = r.choice(["(`%s` + 1)", "(`%s` * 2)", "(abs(`%s`))", "(`%s` DIV 3)"]) % base.name
            t = r.choice(["INT", "BIGINT", "DECIMAL(20,0)"])
            c.family, c.type_sql, c.index_bytes = "int", t, 8
            c.generated = True
            c.deps = {base.name}
            kind = r.choice(["VIRTUAL", "PERSISTENT", "STORED"])
            text = "`%s` %s GENERATED ALWAYS AS %s %s" % (c.name, t, expr, kind)
            if self.chance(0.5):
                text = "`%s` %s AS %s %s" % (c.name, t, expr, kind)
            return text
        parts = ["`%s`" % c.name, c.type_sql]
        if "TIMESTAMP" in c.type_sql:
            pass  # NULL / NOT NULL is in the type text
        elif not c.nullable or self.chance(0.25):
            if default == "NULL":
                default = None
            c.nullable = False
            parts.append("NOT NULL")
        elif self.chance(0.1):
            parts.append("NULL")
        if default is not None and self.chance(0.6):
            parts.append("DEFAULT " + default)
        if self.chance(0.08):
            parts.append("COMMENT 'col %s'" % c.name)
        if c.family == "int" and self.chance(0.06) and tbl is not None:
            chk = self.uniq("ck")
            parts.append("CHECK (`%s` >= 0)" % c.name)
            c.self_check = chk
        return " ".join(parts)

    # ------------------------------------------------------------ CREATE
    def pick_db(self, for_create_table=True):
        names = sorted(self.dbs)
        return self.r.choice(names) if names else None

    def table_options(self, t, creating):
        r = self.r
        opts = []
        if creating:
            if t.engine != "InnoDB" or self.chance(0.4):
                opts.append("ENGINE=%s" % t.engine)
        if self.chance(0.3):
            cs, coll = r.choice(CHARSETS)
            opts.append(r.choice(["DEFAULT CHARSET=", "CHARACTER SET ", "DEFAULT CHARACTER SET="]) + cs)
            if coll:
                opts.append("COLLATE=" + coll)
        if self.chance(0.15):
            opts.append("COMMENT='table %s'" % t.name)
        if self.chance(0.1):
            opts.append("AUTO_INCREMENT=%d" % r.randint(2, 100000))
        if t.engine == "InnoDB" and self.chance(0.1):
            opts.append("ROW_FORMAT=%s" % r.choice(["DYNAMIC", "COMPACT", "DYNAMIC", "REDUNDANT"]))
        if self.chance(0.05):
            opts.append("STATS_PERSISTENT=%d" % r.randint(0, 1))
        if t.engine != "InnoDB" and self.chance(0.1):
            opts.append("CHECKSUM=1")
        if self.chance(0.05):
            opts.append("MAX_ROWS=%d" % r.randint(10, 100000))
        return opts

    def index_ok(self, t, parts):
        limit = MYISAM_KEY_MAX if t.engine != "InnoDB" else INNODB_KEY_MAX
        total = 0
        for c, pre in parts:
            if pre is None and c.index_bytes == 0:
                return False
            b = pre * 4 if pre is not None else c.index_bytes
            if b > 767:
                return False
            total += b
        return total <= limit - 100

    def pick_index_parts(self, t, exclude=()):
        r = self.r
        cands = [c for c in t.cols if c.name not in exclude and c.family not in ("json",)
                 and not (c.generated and t.engine != "InnoDB")]
        if not cands:
            return None
        k = min(len(cands), r.choice([1, 1, 1, 2, 2, 3]))
        cols = r.sample(cands, k)
        parts = []
        for c in cols:
            if c.family in ("text", "blob"):
                parts.append((c, r.randint(1, 100)))
            else:
                parts.append((c, None))
        return parts if self.index_ok(t, parts) else None

    def index_sql(self, parts):
        out = []
        for c, pre in parts:
            s = "`%s`" % c.name + ("(%d)" % pre if pre is not None else "")
            if self.chance(0.05):
                s += " DESC"
            out.append(s)
        return "(" + ",".join(out) + ")"

    def fk_parents(self, key_type=None):
        res = []
        for d, tn in self.all_tables():
            t = self.dbs[d][tn]
            if t.engine == "InnoDB" and t.key_type and (key_type is None or t.key_type == key_type):
                res.append((d, tn, t))
        return res

    def fk_clause(self, fkname, col, pdb, ptn, cur_db):
        ref = "`%s`" % ptn if pdb == cur_db and self.chance(0.5) else "`%s`.`%s`" % (pdb, ptn)
        s = "CONSTRAINT `%s` FOREIGN KEY (`%s`) REFERENCES %s (`id`)" % (fkname, col, ref)
        if self.chance(0.6):
            s += " ON DELETE " + self.r.choice(FK_ACTIONS)
        if self.chance(0.4):
            s += " ON UPDATE " + self.r.choice(["CASCADE", "RESTRICT", "NO ACTION"])
        return s

    def create_database(self):
        r = self.r
        if self.shared and self.chance(0.3):
            name = r.choice(self.shared)
            self.emit("CREATE DATABASE IF NOT EXISTS `%s`" % name)
            self.dbs.setdefault(name, {})
            return
        name = self.prefix + self.uniq("db")
        sql = "CREATE DATABASE " + ("`%s`" % name if self.chance(0.5) else name)
        if self.chance(0.3):
            cs, coll = r.choice(CHARSETS)
            sql += " CHARACTER SET " + cs + (" COLLATE " + coll if coll else "")
        self.emit(sql)
        self.dbs[name] = {}

    def create_table(self):
        r = self.r
        db = self.pick_db()
        if db is None:
            return self.create_database()
        name = self.prefix + self.uniq("t")
        engine = "InnoDB" if self.chance(0.85) else r.choice(["MyISAM", "Aria"])
        t = Table(name, engine)
        defs = []
        # the key
        if self.chance(0.9):
            t.key_type = r.choice(KEY_TYPES)
            idc = Column("id", "int", t.key_type, 8, nullable=False)
            idc.pinned = True
            auto = self.chance(0.6)
            idc.auto = auto
            t.cols.append(idc)
            if self.chance(0.5):
                defs.append("`id` %s NOT NULL%s PRIMARY KEY" % (t.key_type, " AUTO_INCREMENT" if auto else ""))
                pk_sep = None
            else:
                defs.append("`id` %s NOT NULL%s" % (t.key_type, " AUTO_INCREMENT" if auto else ""))
                pk_sep = "PRIMARY KEY (`id`)"
        else:
            pk_sep = None
        for _ in range(r.randint(1, 8)):
            c, d = self.new_column(self.uniq("c"))
            gen_from = [x for x in t.cols if x.family == "int" and not x.auto and not x.generated
                        and not x.pinned]
            defs.append(self.column_sql(c, d, gen_from, t))
            if getattr(c, "self_check", None):
                t.checks["__col_" + c.name] = {c.name}
            t.cols.append(c)
        if pk_sep:
            defs.append(pk_sep)
        # foreign keys: a self reference and/or references to existing tables
        if engine == "InnoDB" and t.key_type:
            if self.chance(0.15):
                self.add_fk_col(t, db, db, name, t.key_type, defs)
            parents = self.fk_parents()
            if parents and self.chance(0.35):
                pdb, ptn, pt = r.choice(parents)
                self.add_fk_col(t, db, pdb, ptn, pt.key_type, defs)
        for _ in range(r.choice([0, 0, 1, 1, 2, 3])):
            parts = self.pick_index_parts(t)
            if parts:
                iname = self.uniq("ix")
                uniq = self.chance(0.3)
                defs.append("%s `%s` %s" % ("UNIQUE KEY" if uniq else r.choice(["KEY", "INDEX"]),
                                            iname, self.index_sql(parts)))
                t.indexes[iname] = (uniq, False, [(c.name, p) for c, p in parts])
        self.prune_fk_keys(t)
        # not FK columns: MariaDB refuses a CHECK over a column with a cascading FK action (1901)
        ints = [c for c in t.cols if c.family == "int" and not c.auto and not c.generated and not c.pinned]
        if ints and self.chance(0.2):
            ck = self.uniq("chk")
            c = r.choice(ints)
            defs.append("CONSTRAINT `%s` CHECK (`%s` < 1000000)" % (ck, c.name))
            t.checks[ck] = {c.name}
        opts = self.table_options(t, True)
        if any(o.startswith("ROW_FORMAT=COMPACT") or o.startswith("ROW_FORMAT=REDUNDANT") for o in opts):
            t.compact = True
        self.emit("CREATE TABLE %s%s (%s)%s" % (
            "IF NOT EXISTS " if self.chance(0.1) else "", self.qname(db, name), ", ".join(defs),
            (" " + " ".join(opts)) if opts else ""))
        self.dbs[db][name] = t

    def prune_fk_keys(self, t):
        """MariaDB drops the key it made for an FK once another key starts with the FK column."""
        for fk, (col, _, _) in t.fks.items():
            if fk in t.indexes and any(n != fk and parts[0][0] == col
                                       for n, (_, _, parts) in t.indexes.items()):
                del t.indexes[fk]

    def add_fk_col(self, t, db, pdb, ptn, key_type, defs):
        col = self.uniq("p")
        c = Column(col, "int", key_type, 8)
        c.pinned = True
        t.cols.append(c)
        fk = self.prefix + self.uniq("fk")
        defs.append("`%s` %s NULL" % (col, key_type))
        defs.append(self.fk_clause(fk, col, pdb, ptn, db))
        t.fks[fk] = (col, pdb, ptn)
        t.indexes[fk] = (False, False, [(col, None)])

    # ------------------------------------------------------------ ALTER
    def pick_table(self, pred=None):
        ts = [(d, tn) for d, tn in self.all_tables() if pred is None or pred(d, self.dbs[d][tn])]
        return self.r.choice(ts) if ts else (None, None)

    def free_cols(self, t):
        deps = t.deps()
        return [c for c in t.cols if not c.pinned and c.name not in deps and not c.auto]

    def indexed(self, t, cname):
        return any(cname == c for _, _, parts in t.indexes.values() for c, _ in parts)

    def alter(self):
        r = self.r
        db, tn = self.pick_table()
        if db is None:
            return self.create_table()
        t = self.dbs[db][tn]
        kinds = ["add_col"] * 4 + ["drop_col"] * 2 + ["modify"] * 2 + ["change"] * 2 + \
                ["rename_col"] * 2 + ["add_index"] * 3 + ["drop_index"] * 2 + ["rename_index"] + \
                ["add_fk"] * 2 + ["drop_fk"] + ["add_check"] + ["drop_check"] + ["options"] * 2 + \
                ["convert"] + ["engine"] + ["auto_inc"] + ["order"] + ["alter_default"] + ["fulltext"]
        k = r.choice(kinds)
        clause = getattr(self, "alt_" + k)(db, t)
        if clause is None:
            clause = self.alt_add_col(db, t)
        extra = ""
        # more table options, unless the clause has its own (two charsets conflict: 1302)
        if self.chance(0.1) and k not in ("options", "convert", "order"):
            opts = self.table_options(t, False)
            if opts:
                extra = ", " + ", ".join(opts)
        self.emit("ALTER TABLE %s %s%s" % (self.qname(db, tn), clause, extra))

    def alt_add_col(self, db, t):
        r = self.r
        c, d = self.new_column(self.uniq("c"))
        gen_from = [x for x in t.cols if x.family == "int" and not x.auto and not x.generated
                    and not x.pinned]
        text = self.column_sql(c, d, gen_from, t)
        pos = ""
        if self.chance(0.2):
            pos = " FIRST"
        elif self.chance(0.25) and t.cols:
            pos = " AFTER `%s`" % r.choice(t.cols).name
        if getattr(c, "self_check", None):
            t.checks["__col_" + c.name] = {c.name}
        if pos == " FIRST":
            t.cols.insert(0, c)
        else:
            t.cols.append(c)
        return r.choice(["ADD COLUMN ", "ADD "]) + text + pos

    def drop_col_from_model(self, t, name):
        t.cols = [c for c in t.cols if c.name != name]
        for iname in list(t.indexes):
            u, ft, parts = t.indexes[iname]
            parts = [(c, p) for c, p in parts if c != name]
            if parts:
                t.indexes[iname] = (u, ft, parts)
            else:
                del t.indexes[iname]

    def alt_drop_col(self, db, t):
        cands = self.free_cols(t)
        if len(t.cols) < 3 or not cands:
            return None
        c = self.r.choice(cands)
        if any(ft or (u and len(parts) > 1) for u, ft, parts in t.indexes.values()
               if any(p == c.name for p, _ in parts)):
            return None  # FULLTEXT part, or 1072 for a column of a multi-column UNIQUE key
        self.drop_col_from_model(t, c.name)
        return self.r.choice(["DROP COLUMN `%s`", "DROP `%s`"]) % c.name

    def retype(self, t, c):
        """A new column for c's slot: same family when c is indexed."""
        if self.indexed(t, c.name):
            if c.family == "int":
                nc = Column(c.name, "int", self.r.choice(INT_TYPES), 8)
            elif c.family == "str" and c.index_bytes > 0:
                n = self.r.randint(1, 191)
                nc = Column(c.name, "str", "VARCHAR(%d)" % n, n * 4 + 2)
            else:
                return None, None
            return nc, self.r.choice([None, "NULL"])
        return self.new_column(c.name)

    def ft_col(self, t, name):
        return any(ft for _, ft, parts in t.indexes.values() if any(p == name for p, _ in parts))

    def alt_modify(self, db, t):
        cands = [c for c in self.free_cols(t) if not c.generated and not self.ft_col(t, c.name)]
        if not cands:
            return None
        c = self.r.choice(cands)
        nc, d = self.retype(t, c)
        if nc is None:
            return None
        text = self.column_sql(nc, d)
        t.cols[t.cols.index(c)] = nc
        return self.r.choice(["MODIFY COLUMN ", "MODIFY "]) + text

    def alt_change(self, db, t):
        cands = [c for c in self.free_cols(t) if not c.generated and not self.ft_col(t, c.name)]
        if not cands:
            return None
        c = self.r.choice(cands)
        nc, d = self.retype(t, c)
        if nc is None:
            return None
        nc.name = self.uniq("c")
        text = self.column_sql(nc, d)
        t.cols[t.cols.index(c)] = nc
        self.rename_in_indexes(t, c.name, nc.name)
        return "CHANGE COLUMN `%s` %s" % (c.name, text)

    def rename_in_indexes(self, t, old, new):
        for iname in list(t.indexes):
            u, ft, parts = t.indexes[iname]
            t.indexes[iname] = (u, ft, [(new if c == old else c, p) for c, p in parts])

    def alt_rename_col(self, db, t):
        cands = self.free_cols(t)
        if not cands:
            return None
        c = self.r.choice(cands)
        old = c.name
        c.name = self.uniq("c")
        self.rename_in_indexes(t, old, c.name)
        return "RENAME COLUMN `%s` TO `%s`" % (old, c.name)

    def alt_add_index(self, db, t):
        parts = self.pick_index_parts(t)
        if not parts or len(t.indexes) > 30:
            return None
        iname = self.uniq("ix")
        uniq = self.chance(0.3)
        t.indexes[iname] = (uniq, False, [(c.name, p) for c, p in parts])
        self.prune_fk_keys(t)
        kw = self.r.choice(["UNIQUE INDEX", "UNIQUE KEY", "UNIQUE"]) if uniq else self.r.choice(["INDEX", "KEY"])
        return "ADD %s `%s` %s" % (kw, iname, self.index_sql(parts))

    def droppable_indexes(self, t):
        fk_cols = {col for col, _, _ in t.fks.values()}
        return [n for n, (_, _, parts) in t.indexes.items() if parts[0][0] not in fk_cols]

    def alt_drop_index(self, db, t):
        cands = self.droppable_indexes(t)
        if not cands:
            return None
        n = self.r.choice(cands)
        del t.indexes[n]
        return self.r.choice(["DROP INDEX `%s`", "DROP KEY `%s`"]) % n

    def alt_rename_index(self, db, t):
        if not t.indexes:
            return None
        n = self.r.choice(sorted(t.indexes))
        new = self.uniq("ix")
        t.indexes[new] = t.indexes.pop(n)
        return "RENAME %s `%s` TO `%s`" % (self.r.choice(["INDEX", "KEY"]), n, new)

    def alt_add_fk(self, db, t):
        if t.engine != "InnoDB" or len(t.fks) > 4:
            return None
        parents = self.fk_parents()
        if not parents:
            return None
        pdb, ptn, pt = self.r.choice(parents)
        if self.chance(0.2) and t.key_type:
            pdb, ptn, pt = db, t.name, t
        col = self.uniq("p")
        c = Column(col, "int", pt.key_type, 8)
        c.pinned = True
        t.cols.append(c)
        fk = self.prefix + self.uniq("fk")
        t.fks[fk] = (col, pdb, ptn)
        t.indexes[fk] = (False, False, [(col, None)])
        return "ADD COLUMN `%s` %s NULL, ADD %s" % (col, pt.key_type, self.fk_clause(fk, col, pdb, ptn, db))

    def alt_drop_fk(self, db, t):
        if not t.fks:
            return None
        fk = self.r.choice(sorted(t.fks))
        col = t.fks.pop(fk)[0]
        # the column stays pinned (its index is still there); simpler to keep it so
        return "DROP FOREIGN KEY `%s`" % fk if col else None

    def alt_add_check(self, db, t):
        ints = [c for c in t.cols if c.family == "int" and not c.auto and not c.generated and not c.pinned]
        if not ints:
            return None
        c = self.r.choice(ints)
        ck = self.uniq("chk")
        t.checks[ck] = {c.name}
        return "ADD CONSTRAINT `%s` CHECK (`%s` <> 13)" % (ck, c.name)

    def alt_drop_check(self, db, t):
        named = [n for n in sorted(t.checks) if not n.startswith("__col_")]
        if not named:
            return None
        n = self.r.choice(named)
        del t.checks[n]
        return "DROP CONSTRAINT `%s`" % n

    def alt_options(self, db, t):
        opts = self.table_options(t, False)
        if not opts:
            return "COMMENT='altered'"
        return " ".join(opts)

    def alt_convert(self, db, t):
        if getattr(t, "compact", False):
            return None
        cs, coll = self.r.choice([("utf8mb4", None), ("utf8mb4", "utf8mb4_unicode_ci"), ("latin1", None),
                                  ("utf8mb3", None)])
        return "CONVERT TO CHARACTER SET %s" % cs + (" COLLATE %s" % coll if coll else "")

    def alt_engine(self, db, t):
        if t.fks or self.is_referenced(db, t.name) or any(ft for _, ft, _ in t.indexes.values()):
            return None
        if any(c.generated for c in t.cols):
            return None
        e = self.r.choice(["InnoDB", "MyISAM", "Aria"])
        if e != "InnoDB":
            for _, _, parts in t.indexes.values():
                objs = [(t.col(c), p) for c, p in parts]
                if not self.index_ok(Table("x", e), objs):
                    return None
        t.engine = e
        t.compact = False
        return "ENGINE=%s" % e

    def alt_auto_inc(self, db, t):
        return "AUTO_INCREMENT=%d" % self.r.randint(1, 10 ** 9)

    def alt_order(self, db, t):
        cands = [c for c in t.cols if c.family in ("int", "str", "temporal")]
        if not cands:
            return None
        return "ORDER BY `%s`" % self.r.choice(cands).name

    def alt_alter_default(self, db, t):
        cands = [c for c in t.cols if c.family == "int" and not c.generated and not c.auto]
        if not cands:
            return None
        c = self.r.choice(cands)
        if self.chance(0.5):
            return "ALTER COLUMN `%s` SET DEFAULT %d" % (c.name, self.r.randint(0, 100))
        return "ALTER COLUMN `%s` DROP DEFAULT" % c.name

    def alt_fulltext(self, db, t):
        if t.engine != "InnoDB":
            return None
        cands = [c for c in t.cols if c.family in ("text",) or (c.family == "str" and "VARCHAR" in c.type_sql)]
        cands = [c for c in cands if "CHARACTER SET" not in c.type_sql]
        if not cands or any(ft for _, ft, _ in t.indexes.values()):
            return None
        c = self.r.choice(cands)
        n = self.uniq("ft")
        t.indexes[n] = (False, True, [(c.name, None)])
        return "ADD FULLTEXT INDEX `%s` (`%s`)" % (n, c.name)

    # ------------------------------------------------------------ other statements
    def rename_table(self):
        db, tn = self.pick_table()
        if db is None:
            return self.create_table()
        t = self.dbs[db][tn]
        to_db = self.r.choice(sorted(self.dbs))
        new = self.prefix + self.uniq("t")
        for d, x in self.all_tables():
            for fk, (col, pd, pt) in list(self.dbs[d][x].fks.items()):
                if pd == db and pt == tn:
                    self.dbs[d][x].fks[fk] = (col, to_db, new)
        del self.dbs[db][tn]
        t.name = new
        self.dbs[to_db][new] = t
        if self.chance(0.3):
            self.emit("ALTER TABLE %s RENAME TO %s" % (self.qname(db, tn), self.qname(to_db, new)))
        else:
            self.emit("RENAME TABLE %s TO %s" % (self.qname(db, tn), self.qname(to_db, new)))

    def drop_table(self):
        refd = self.referenced_from_others()
        db, tn = self.pick_table(lambda d, t: (d, t.name) not in refd)
        if db is None:
            return self.create_table()
        del self.dbs[db][tn]
        self.emit("DROP TABLE %s%s" % ("IF EXISTS " if self.chance(0.2) else "", self.qname(db, tn)))

    def truncate(self):
        refd = self.referenced_from_others()
        db, tn = self.pick_table(lambda d, t: (d, t.name) not in refd)
        if db is None:
            return self.create_table()
        self.emit("TRUNCATE %s%s" % ("TABLE " if self.chance(0.7) else "", self.qname(db, tn)))

    def create_index(self):
        db, tn = self.pick_table()
        if db is None:
            return self.create_table()
        t = self.dbs[db][tn]
        parts = self.pick_index_parts(t)
        if not parts or len(t.indexes) > 30:
            return self.alter()
        n = self.uniq("ix")
        u = self.chance(0.3)
        t.indexes[n] = (u, False, [(c.name, p) for c, p in parts])
        self.prune_fk_keys(t)
        self.emit("CREATE %sINDEX `%s` ON %s %s" % ("UNIQUE " if u else "", n, self.qname(db, tn),
                                                   self.index_sql(parts)))

    def drop_index(self):
        db, tn = self.pick_table(lambda d, t: self.droppable_indexes(t))
        if db is None:
            return self.create_index()
        t = self.dbs[db][tn]
        n = self.r.choice(self.droppable_indexes(t))
        del t.indexes[n]
        self.emit("DROP INDEX `%s` ON %s" % (n, self.qname(db, tn)))

    def drop_database(self):
        def inbound(d):
            for od, tn in self.all_tables():
                if od == d:
                    continue
                for _, pd, _ in self.dbs[od][tn].fks.values():
                    if pd == d:
                        return True
            return False
        cands = [d for d in sorted(self.dbs) if d not in self.shared and not inbound(d)]
        if len(self.dbs) <= 1 or not cands:
            return self.create_table()
        d = self.r.choice(cands)
        del self.dbs[d]
        if self.cur_db == d:
            self.cur_db = None
        self.emit("DROP DATABASE %s`%s`" % ("IF EXISTS " if self.chance(0.2) else "", d))

    def use(self):
        if not self.dbs:
            return self.create_database()
        self.cur_db = self.r.choice(sorted(self.dbs))
        self.emit("USE `%s`" % self.cur_db)

    def failing(self):
        """A statement that fails on purpose (or warns, with IF [NOT] EXISTS)."""
        r = self.r
        db, tn = self.pick_table()
        k = r.randint(0, 5)
        if db is None or k == 0:
            if self.dbs:
                d = r.choice(sorted(self.dbs))
                self.emit("CREATE DATABASE %s`%s`" % ("IF NOT EXISTS " if self.chance(0.5) else "", d))
            else:
                self.emit("DROP DATABASE `%snodb`" % self.prefix)
        elif k == 1:
            self.emit("CREATE TABLE %s%s (x INT)" % ("IF NOT EXISTS " if self.chance(0.5) else "",
                                                     self.qname(db, tn)))
        elif k == 2:
            self.emit("DROP TABLE %s`%s`.`%snosuch`" % ("IF EXISTS " if self.chance(0.5) else "", db, self.prefix))
        elif k == 3:
            t = self.dbs[db][tn]
            self.emit("ALTER TABLE %s ADD COLUMN `%s` INT" % (self.qname(db, tn), r.choice(t.cols).name))
        elif k == 4:
            self.emit("ALTER TABLE %s DROP COLUMN `nosuchcol`" % self.qname(db, tn))
        else:
            self.emit("ALTER TABLE %s ADD INDEX (`nosuchcol`)" % self.qname(db, tn))

    # ------------------------------------------------------------ the stream
    def one(self):
        r = self.r
        ndb = len([d for d in self.dbs if d not in self.shared])
        if ndb < self.args.databases and self.chance(0.5 if ndb == 0 else 0.1):
            return self.create_database()
        if self.shared and not any(s in self.dbs for s in self.shared):
            return self.create_database()
        ntables = len(self.all_tables())
        choices = [
            (self.create_table, 18 if ntables < 40 else 6),
            (self.alter, 45),
            (self.rename_table, 4),
            (self.drop_table, 3 if ntables > 10 else 1),
            (self.drop_table, 10 if ntables > 80 else 0),
            (self.truncate, 2),
            (self.create_index, 5),
            (self.drop_index, 3),
            (self.drop_database, 0.4 if ndb >= self.args.databases else 0),
            (self.use, 1.5),
        ]
        if not self.args.no_errors:
            choices.append((self.failing, 2))
        tot = sum(w for _, w in choices)
        x = r.random() * tot
        for f, w in choices:
            x -= w
            if x < 0:
                return f()
        return choices[-1][0]()

    def run(self):
        while len(self.out) < self.args.count:
            left = self.args.count - len(self.out)
            if not self.args.no_txn and left >= 4 and self.chance(0.03):
                self.emit(self.r.choice(["BEGIN", "START TRANSACTION", "BEGIN WORK"]))
                for _ in range(self.r.randint(1, min(4, left - 2))):
                    self.one()
                    if len(self.out) >= self.args.count - 1:
                        break
                self.emit(self.r.choice(["COMMIT", "COMMIT WORK"]))
            else:
                self.one()
        return self.out[: self.args.count]


def main():
    ap = argparse.ArgumentParser(description="random MariaDB 10.11 DDL stream (see the header)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--databases", type=int, default=3)
    ap.add_argument("--prefix", default="")
    ap.add_argument("--shared", type=int, default=0)
    ap.add_argument("--no-errors", action="store_true")
    ap.add_argument("--no-txn", action="store_true")
    ap.add_argument("-o", "--output")
    a = ap.parse_args()
    if a.count < 0 or a.databases < 1 or a.shared < 0:
        ap.error("--count must be >= 0, --databases >= 1, --shared >= 0")
    if any(ch in a.prefix for ch in "`;\n\\/."):
        ap.error("--prefix %r: only identifier characters please" % a.prefix)
    lines = Gen(a).run()
    text = "".join(s + "\n" for s in lines)
    if a.output:
        with open(a.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
