# Sourced by .ci/run (and usable by hand: `. .ci/postgres.sh; start_postgres`).
# Installs PostgreSQL from Debian's packages if needed, starts a throwaway
# cluster on 127.0.0.1 in a temporary directory as the postgres user,
# creates a database and exports NIMTUTOR_TEST_DATABASE_URL. The cluster is
# stopped and removed when the calling shell exits.

start_postgres() {
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
  fi
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  PG_DIR=$(mktemp -d /tmp/nimtutor-pg.XXXXXX)
  chown postgres:postgres "$PG_DIR"
  # A free port: ask the kernel for one.
  PG_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 55432)
  runuser -u postgres -- "$bin/initdb" -D "$PG_DIR/data" --auth=trust -U postgres -E UTF8 >/dev/null
  runuser -u postgres -- "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=off -c max_connections=200" start >/dev/null
  trap stop_postgres EXIT
  runuser -u postgres -- "$bin/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres nimtutor_test
  export NIMTUTOR_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/nimtutor_test?sslmode=disable"
  PG_BIN=$bin
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT"
}

stop_postgres() {
  if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR" ]; then
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
  fi
}
