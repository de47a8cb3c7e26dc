#!/usr/bin/env bash
# Installs pgbouncer from Debian when missing, starts it on loopback port 6432 in transaction pooling in front of
# the PostgreSQL server of scripts/ensure-postgres.sh (every database name passes through), and prints the
# DATABASE_URL through it. `pooling=transaction` tells the service not to name its prepared statements.
# For CI and local tests: authentication is scram with the test password kept in a user list beside the config.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
PORT=${PGBOUNCER_PORT:-6432}
if ! command -v pgbouncer >/dev/null 2>&1 && [ ! -x /usr/sbin/pgbouncer ]; then
  apt-get update -qq >&2
  apt-get install -y -qq pgbouncer >&2
fi
dir=/var/tmp/tase-pgbouncer
mkdir -p "$dir"
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=5432

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PORT
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $dir/userlist.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 20
server_reset_query =
ignore_startup_parameters = extra_float_digits,options
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
admin_users = postgres
INI
echo '"postgres" "tase-test"' >"$dir/userlist.txt"
chown -R postgres "$dir"
chmod 600 "$dir/userlist.txt"
if ! (pg_isready -h 127.0.0.1 -p "$PORT" -q); then
  su postgres -c "/usr/sbin/pgbouncer -d -q $dir/pgbouncer.ini" >&2
  for _ in $(seq 1 30); do
    if pg_isready -h 127.0.0.1 -p "$PORT" -q; then break; fi
    sleep 0.2
  done
fi
echo "postgres://postgres:tase-test@127.0.0.1:${PORT}/postgres?pooling=transaction"
