#!/usr/bin/env bash
# Installs PostgreSQL from Debian when missing, starts it on loopback and prints a DATABASE_URL for tests.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
fi
version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h 2>/dev/null | grep -q "^${version} main"; then
  pg_createcluster "$version" main >&2
fi
pg_ctlcluster "$version" main start >&2 2>/dev/null || true
for _ in $(seq 1 30); do
  if pg_isready -h 127.0.0.1 -q; then break; fi
  sleep 1
done
su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'tase-test'\"" >&2
echo "postgres://postgres:tase-test@127.0.0.1:5432/postgres"
