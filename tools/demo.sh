#!/usr/bin/env bash
# demo.sh - the end-to-end scenario of `make demo`: a fresh catalog in a
# temporary directory, databases and tables created with SQL through
# `syscat exec`, then every inspection command. Each step prints a header
# and the exact command it runs. Usage: tools/demo.sh [path/to/syscat]
set -euo pipefail
SYSCAT=${1:-build/syscat}
DIR=$(mktemp -d "${TMPDIR:-/tmp}/syscat-demo-XXXXXX")
trap 'rm -rf "$DIR"' EXIT
DATA="$DIR/data"

step() {
    printf '\n== %s\n' "$1"
}

# Print the command, then run it.
show() {
    local a q="'"
    printf '$ syscat'
    for a in "$@"; do
        if [[ $a =~ ^[A-Za-z0-9_./:=,-]+$ ]]; then printf ' %s' "$a"
        else printf " '%s'" "${a//$q/$q\\$q$q}"; fi
    done
    printf '\n'
    "$SYSCAT" --datadir "$DATA" "$@"
}

step "1. create a catalog (syscat init)"
show init

step "2. create databases and tables with SQL (syscat exec -e)"
show exec -e "CREATE DATABASE shop; CREATE DATABASE blog DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;"
cat > "$DIR/schema.sql" <<'SQL'
CREATE TABLE customers (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  email VARCHAR(255) NOT NULL UNIQUE,
  name VARCHAR(100),
  created TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE orders (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  customer_id INT UNSIGNED NOT NULL,
  total DECIMAL(10,2) NOT NULL DEFAULT 0.00,
  status ENUM('new','paid','shipped') NOT NULL DEFAULT 'new',
  KEY (status),
  CONSTRAINT fk_customer FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE CASCADE
);
ALTER TABLE orders ADD COLUMN note TEXT;
SQL
echo "\$ cat schema.sql"
cat "$DIR/schema.sql"
show exec --database shop "$DIR/schema.sql"
show exec --database blog -e "CREATE TABLE posts (id INT PRIMARY KEY, title VARCHAR(200) NOT NULL, body LONGTEXT, CHECK (CHAR_LENGTH(title) > 0))"

step "3. an error prints like the mysql client, exit status 1"
show exec --database shop -e "CREATE TABLE orders (x INT)" || echo "(exit status $?)"

step "4. per-statement results, the corpus format (exec --results)"
printf 'CREATE TABLE t1 (a INT);\nCREATE TABLE t1 (a INT);\nDROP TABLE t1;\n' > "$DIR/results.sql"
show exec --results --database shop "$DIR/results.sql"

step "5. list databases and tables (syscat show)"
show show databases
show show tables shop
show show tables

step "6. describe a table (syscat describe)"
show describe shop.orders

step "7. SHOW CREATE TABLE (syscat show create table)"
show show create table shop.orders

step "8. the whole catalog as SQL (syscat dump --show-create)"
show dump --show-create

step "9. the whole catalog as JSON (syscat dump --json | head -40)"
show dump --json | head -40 || true

step "10. integrity check (syscat fsck)"
show fsck

step "11. statistics (syscat stats, stats --json)"
show stats
show stats --json

step "12. every catalog change is a binlog row event on the system tables (syscat binlog)"
show exec --database shop -e 'ALTER TABLE customers ADD COLUMN phone VARCHAR(20) AFTER email'
show binlog list
show binlog show | tail -6 | cut -c1-100
echo "(the ALTER is one syscat.tables update (version 1 -> 2) plus syscat.columns changes; the"
echo " TABLE_MAPs carry the stable system-table ids and are written once per binlog file)"

step "13. stock mariadb-binlog decodes our log (mariadb-binlog -vv, the last transaction)"
if command -v mariadb-binlog >/dev/null 2>&1; then
    first=$(head -n 1 "$DATA/binlog/binlog.index")
    first="$DATA/binlog/$(basename "$first")"
    echo "\$ mariadb-binlog -vv --base64-output=decode-rows binlog.000001 | (last transaction)"
    mariadb-binlog -vv --base64-output=decode-rows "$first" |
        awk '/GTID [0-9]+-[0-9]+-[0-9]+/ {buf=""} /^###/ {buf=buf $0 "\n"} END {printf "%s", buf}' |
        grep -E "^### (UPDATE|INSERT|DELETE|SET|WHERE)|@(1|2|3|4)=" | head -30
else
    echo "(mariadb-binlog not installed: make deps installs mariadb-client)"
fi

echo
echo "demo finished; the catalog lived in $DATA (removed now)"
