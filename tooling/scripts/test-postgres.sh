#!/usr/bin/env bash
# A throw-away PostgreSQL 15 + pgvector for the test run's PostgreSQL leg (CI and developers alike).
#
#   tooling/scripts/test-postgres.sh start [DIR]   install what is missing, start a cluster in DIR
#                                                  (default: a new temp dir), print its URL on stdout
#   tooling/scripts/test-postgres.sh stop DIR      stop that cluster and delete DIR
#
# Then: SVC_TEST_DATABASE_URL=<printed URL> pnpm test
# Progress goes to stderr so `url=$(… start)` captures the URL alone.
set -euo pipefail

PG_BIN=/usr/lib/postgresql/15/bin
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
# Debian 12 has no pgvector package, so it is built from the vendored source (see its README).
PGVECTOR_TARBALL="${PGVECTOR_TARBALL:-$ROOT/../shared/vendor/pgvector-0.8.6.tar.gz}"

say() { printf 'test-postgres: %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
# initdb refuses to run as root; the postgres system user comes with the Debian package.
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

install_postgres() {
  if [ -x "$PG_BIN/initdb" ] && [ -f /usr/include/postgresql/15/server/postgres.h ]; then return; fi
  say "installing postgresql-15 and postgresql-server-dev-15"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    postgresql-15 postgresql-server-dev-15 make gcc >&2
}

install_pgvector() {
  local sharedir
  sharedir="$("$PG_BIN/pg_config" --sharedir)"
  if [ -f "$sharedir/extension/vector.control" ]; then return; fi
  [ -f "$PGVECTOR_TARBALL" ] || { say "pgvector source not found: $PGVECTOR_TARBALL"; exit 1; }
  say "building pgvector from $PGVECTOR_TARBALL"
  local build
  build="$(mktemp -d)"
  tar -xzf "$PGVECTOR_TARBALL" -C "$build"
  # OPTFLAGS="" keeps the build portable: no -march=native.
  make -s -C "$build"/pgvector-* PG_CONFIG="$PG_BIN/pg_config" OPTFLAGS="" >&2
  as_root make -s -C "$build"/pgvector-* PG_CONFIG="$PG_BIN/pg_config" install >&2
  rm -rf "$build"
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start() {
  install_postgres
  install_pgvector
  local dir="${1:-}"
  if [ -z "$dir" ]; then dir="$(mktemp -d -t svc-test-pg.XXXXXX)"; else mkdir -p "$dir"; fi
  if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
  as_owner "$PG_BIN/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --no-sync >/dev/null
  # Speed over durability (the cluster dies with the run); enough connections for parallel test
  # files that each open a pool of 10; the socket stays inside DIR, not in /var/run/postgresql.
  cat >>"$dir/data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
max_connections = 400
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
  local port attempt
  for attempt in 1 2 3 4 5; do
    port=$((20000 + RANDOM % 40000))
    port_in_use "$port" && continue
    if as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "-p $port" -w -t 60 start >/dev/null; then
      echo "$port" >"$dir/port"
      say "PostgreSQL 15 on 127.0.0.1:$port, data in $dir (stop: $0 stop $dir)"
      echo "postgres://postgres@127.0.0.1:$port/postgres"
      return
    fi
    say "start on port $port failed (attempt $attempt); see $dir/server.log"
  done
  exit 1
}

stop() {
  local dir="${1:?usage: $0 stop DIR}"
  [ -d "$dir/data" ] || { say "no cluster in $dir"; return; }
  as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  say "stopped and removed $dir"
}

case "${1:-}" in
  start) start "${2:-}" ;;
  stop) stop "${2:-}" ;;
  *) sed -n '2,9p' "$0" >&2; exit 2 ;;
esac
