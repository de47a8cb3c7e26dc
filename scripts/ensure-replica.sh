#!/usr/bin/env bash
# A primary and its streaming replica on this machine, for the tests of DATABASE_READ_URL: a small primary
# server of its own (port 5434) and a hot standby made from it with pg_basebackup (port 5435). The primary
# waits for the standby to apply each commit (synchronous_commit = remote_apply), so a test that writes and
# then reads a report through the replica sees its data; a production replica is usually asynchronous, which
# is why the service sends it only reads that need not see their own writes. Prints two lines:
# DATABASE_URL=… and DATABASE_READ_URL=… (the test databases are created on the primary and appear on the
# replica under the same name).
set -euo pipefail
bash "$(dirname "$0")/ensure-postgres.sh" >/dev/null
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
dir=/var/tmp/tase-replication
PRIMARY_PORT=${PRIMARY_PORT:-5434}
REPLICA_PORT=${REPLICA_PORT:-5435}
as_postgres() { su postgres -c "$*"; }
mkdir -p "$dir"
chown postgres "$dir"
if [ ! -f "$dir/primary/PG_VERSION" ]; then
  as_postgres "echo tase-test > $dir/pw && $bin/initdb -D $dir/primary -U postgres --pwfile=$dir/pw -A scram-sha-256 >/dev/null"
  cat >>"$dir/primary/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PRIMARY_PORT
unix_socket_directories = '$dir'
wal_level = replica
max_wal_senders = 4
synchronous_standby_names = '*'
synchronous_commit = remote_apply
fsync = off
shared_buffers = 64MB
CONF
  echo "host replication postgres 127.0.0.1/32 scram-sha-256" >>"$dir/primary/pg_hba.conf"
fi
if ! pg_isready -h 127.0.0.1 -p "$PRIMARY_PORT" -q; then
  as_postgres "$bin/pg_ctl -D $dir/primary -l $dir/primary.log -w start" >&2
fi
if [ ! -f "$dir/replica/PG_VERSION" ]; then
  as_postgres "PGPASSWORD=tase-test $bin/pg_basebackup -h 127.0.0.1 -p $PRIMARY_PORT -U postgres -D $dir/replica -R -X stream -c fast" >&2
  cat >>"$dir/replica/postgresql.conf" <<CONF
port = $REPLICA_PORT
hot_standby = on
CONF
fi
if ! pg_isready -h 127.0.0.1 -p "$REPLICA_PORT" -q; then
  as_postgres "$bin/pg_ctl -D $dir/replica -l $dir/replica.log -w start" >&2
fi
echo "DATABASE_URL=postgres://postgres:tase-test@127.0.0.1:${PRIMARY_PORT}/postgres"
echo "DATABASE_READ_URL=postgres://postgres:tase-test@127.0.0.1:${REPLICA_PORT}/postgres"
