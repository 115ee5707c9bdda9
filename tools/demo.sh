#!/usr/bin/env bash
# demo.sh - the end-to-end scenario of `make demo`: a fresh catalog in a
# temporary directory, databases and tables created with SQL through
# `syscat exec`, then every inspection command; then a replica fed by two
# source catalogs (multi-source replication, docs/replication.md). Each step
# prints a header and the exact command it runs; any failing step (or check)
# ends the demo with a non-zero status. Usage: tools/demo.sh [path/to/syscat]
set -euo pipefail
SYSCAT=$(realpath "${1:-build/syscat}")
DIR=$(mktemp -d "${TMPDIR:-/tmp}/syscat-demo-XXXXXX")
trap 'rm -rf "$DIR"' EXIT
DATA="$DIR/data"

step() {
    printf '\n== %s\n' "$1"
}

# Print a command line, quoting the words that need it.
print_cmd() {
    local a q="'"
    printf '$'
    for a in "$@"; do
        if [[ $a =~ ^[A-Za-z0-9_./:=,-]+$ ]]; then printf ' %s' "$a"
        else printf " '%s'" "${a//$q/$q\\$q$q}"; fi
    done
    printf '\n'
}

# Print the command, then run it on the demo's first catalog.
show() {
    print_cmd syscat "$@"
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

# ---- multi-source replication: the commands below run in $DIR and name
# each catalog's data directory (a, b: sources; replica) with --datadir.
cd "$DIR"

# Print the command, then run it on catalog DIR (a, b or replica).
on() {
    print_cmd syscat --datadir "$@"
    "$SYSCAT" --datadir "$@"
}

step "14. two source catalogs, each with its own server id; both allocate table ids from 256"
on a init
on a binlog set binlog.server_id 11
on a exec -e "CREATE DATABASE shop; CREATE TABLE shop.customers (id INT PRIMARY KEY, email VARCHAR(255) NOT NULL UNIQUE); CREATE TABLE shop.orders (id BIGINT PRIMARY KEY, customer_id INT NOT NULL, total DECIMAL(10,2) NOT NULL DEFAULT 0, CONSTRAINT fk_customer FOREIGN KEY (customer_id) REFERENCES customers (id)); CREATE TABLE shop.import_tmp (line TEXT)"
on b init
on b binlog set binlog.server_id 12
on b exec -e "CREATE DATABASE shop; CREATE TABLE shop.items (sku CHAR(8) PRIMARY KEY, price DECIMAL(8,2)); CREATE DATABASE crm; CREATE TABLE crm.contacts (id INT PRIMARY KEY, name VARCHAR(100))"
echo "(both have a database 'shop'; a's customers and b's items are both table id 256)"

step "15. a replica (server id 2) with both sources; b's 'shop' becomes 'shop_b' here"
on replica init
on replica binlog set binlog.server_id 2
on replica replica add-source a --from "$DIR/a"
on replica replica add-source b --from "$DIR/b" --rewrite-db shop=shop_b
on replica replica apply a
on replica replica apply b
on replica show tables

step "16. the id map: source ids -> local ids (syscat idmap)"
on replica idmap

step "17. where each source stands (syscat replica status)"
on replica replica status

# Print both SHOW CREATE TABLEs' diff and say whether they are equal; a
# difference fails the demo.
same_create() {
    echo "\$ diff <(syscat --datadir $1 show create table $2) <(syscat --datadir replica show create table $3)"
    diff <("$SYSCAT" --datadir "$1" show create table "$2") \
        <("$SYSCAT" --datadir replica show create table "$3")
    echo "identical: $1's $2 and the replica's $3"
}

step "18. SHOW CREATE TABLE on the replica equals the source's"
on replica show create table shop.orders
same_create a shop.orders shop.orders
same_create b shop.items shop_b.items

step "19. more DDL on source a (ALTER, RENAME, DROP), then apply again"
on a exec -e "ALTER TABLE shop.orders ADD COLUMN note TEXT AFTER total, ADD KEY (total); RENAME TABLE shop.customers TO shop.clients; DROP TABLE shop.import_tmp"
on replica replica apply a
on replica show create table shop.orders
same_create a shop.orders shop.orders
on replica idmap a
echo "(the renamed table keeps its ids; the dropped one left the map)"

step "20. integrity check of the replica (syscat fsck)"
on replica fsck

step "21. the replica logs what it applied with the origin's server id (mariadb-binlog -vv)"
if command -v mariadb-binlog >/dev/null 2>&1; then
    echo "\$ mariadb-binlog -vv --base64-output=decode-rows replica/binlog/binlog.000001 | (the DROP applied from a)"
    mariadb-binlog -vv --base64-output=decode-rows replica/binlog/binlog.000001 |
        awk '/GTID [0-9]+-[0-9]+-[0-9]+/ {buf=""} {buf=buf $0 "\n"} END {printf "%s", buf}' >"$DIR/last.txt"
    grep -E 'GTID|^### DELETE|^###   @[13]=' "$DIR/last.txt" | cut -c1-100 | head -9
    # The check: the last transaction is a's DROP, logged with a's server id.
    grep -q 'server id 11 .*GTID 0-11-' "$DIR/last.txt"
    grep -q "@3='import_tmp'" "$DIR/last.txt"
    echo "(server id 11 = source a, kept; the GTID's sequence number and the ids are the replica's own)"
else
    echo "(mariadb-binlog not installed: make deps installs mariadb-client)"
fi

step "22. the catalog as a MariaDB server: syscat serve and the stock mariadb client"
print_cmd syscat user add app --password-file pw.txt --grant SELECT,DDL
echo 'demo-pw' >"$DIR/pw.txt"
"$SYSCAT" --datadir "$DATA" user add app --password-file "$DIR/pw.txt" --grant SELECT,DDL
print_cmd syscat user add repl --password-file pw.txt --grant "'REPLICATION SLAVE'"
"$SYSCAT" --datadir "$DATA" user add repl --password-file "$DIR/pw.txt" --grant 'REPLICATION SLAVE'
print_cmd syscat serve --port 0 --port-file port.txt '&'
"$SYSCAT" --datadir "$DATA" serve --port 0 --port-file "$DIR/port.txt" 2>"$DIR/serve.log" &
SERVE_PID=$!
trap 'kill "$SERVE_PID" 2>/dev/null || true; rm -rf "$DIR"' EXIT
for _ in $(seq 200); do grep -q "ready for connections" "$DIR/serve.log" && break; sleep 0.05; done
PORT=$(cat "$DIR/port.txt")
print_cmd mariadb -h 127.0.0.1 -P "$PORT" -u app -pdemo-pw -e "..."
mariadb --no-defaults -h 127.0.0.1 -P "$PORT" -u app -pdemo-pw --table \
    -e "SELECT VERSION(), USER(); SHOW TABLES FROM shop; CREATE TABLE shop.reviews (id INT PRIMARY KEY, stars TINYINT NOT NULL); SHOW CREATE TABLE shop.reviews\\G"

step "23. stock mariadb-binlog reads the log from syscat serve (COM_BINLOG_DUMP)"
print_cmd mariadb-binlog --read-from-remote-server -h 127.0.0.1 -P "$PORT" -u repl -pdemo-pw \
    --to-last-log -vv --base64-output=decode-rows binlog.000001 "| grep \"@3='reviews'\""
mariadb-binlog --read-from-remote-server --host=127.0.0.1 --port="$PORT" --user=repl \
    --password=demo-pw --to-last-log -vv --base64-output=decode-rows binlog.000001 >"$DIR/remote.txt"
grep -a "@3='reviews'" "$DIR/remote.txt"
mariadb-binlog -vv --base64-output=decode-rows "$DATA"/binlog/binlog.0* >"$DIR/local.txt"
# the same rows as the stored files (a stock client gets a TABLE_MAP in every statement)
cmp -s <(grep -a '^###' "$DIR/remote.txt") <(grep -a '^###' "$DIR/local.txt")
echo "(same $(grep -ac '^###' "$DIR/remote.txt") row lines as the stored files; $(grep -ac 'Table_map:' "$DIR/remote.txt")" \
    "TABLE_MAPs streamed, $(grep -ac 'Table_map:' "$DIR/local.txt") stored: one per statement for a stock client)"
kill -TERM "$SERVE_PID"
wait "$SERVE_PID"
grep -E "authenticated|binlog dump|stopped" "$DIR/serve.log" | cut -c22- | sed "s/ (.*group commits.*)$//"
show show create table shop.reviews

echo
echo "demo finished; the catalogs lived in $DIR (removed now)"
