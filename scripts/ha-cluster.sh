#!/usr/bin/env bash
# A highly available PostgreSQL on this machine, for the failover test and for trying Tase against Patroni:
# one etcd, three PostgreSQL servers each run by Patroni (loopback ports), and HAProxy in front.
#
#   bash scripts/ha-cluster.sh start   prints the DATABASE_URL Tase uses (through HAProxy)
#   bash scripts/ha-cluster.sh status  the members as Patroni sees them
#   bash scripts/ha-cluster.sh stop    stops every process this script started and removes the data
#
# Why HAProxy: pg (node-postgres 8) takes one host per connection string; it understands neither a libpq multi-host
# URL nor target_session_attrs=read-write. HAProxy asks each Patroni's REST API `GET /primary` (200 only on the
# leader) every half second and sends new connections to the leader alone; when a node stops being leader its
# connections are cut (on-marked-down shutdown-sessions), so a demoted server never keeps taking writes. Tase only
# sees connections fail and opens new ones (src/db/postgres.ts); this is the layout Patroni documents.
#
# `synchronous_mode: true`: Patroni keeps one standby synchronous, so a commit that was acknowledged is on two
# servers, and only that standby may be promoted. Timings are small (a failover within ttl) but leave room for a
# loaded machine: ttl ≥ loop_wait + 2 × retry_timeout, as Patroni asks.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
dir=${TASE_HA_DIR:-/tmp/tase-ha}
ETCD_PORT=${TASE_HA_ETCD_PORT:-2479}
PROXY_PORT=${TASE_HA_PORT:-5440}
PG_PORTS=(5441 5442 5443)
API_PORTS=(8011 8012 8013)
PASSWORD=tase-test

pid_alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }

stop() {
  [ -d "$dir" ] || return 0
  # Patroni first: it stops its PostgreSQL on SIGTERM; then whatever is left of what this script started.
  for f in "$dir"/patroni*.pid; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null || true; done
  for _ in $(seq 1 20); do
    alive=0
    for f in "$dir"/patroni*.pid; do [ -f "$f" ] && pid_alive "$(cat "$f")" && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.5
  done
  for f in "$dir"/patroni*.pid; do [ -f "$f" ] && kill -9 "$(cat "$f")" 2>/dev/null || true; done
  for n in 1 2 3; do
    pm="$dir/node$n/data/postmaster.pid"
    [ -f "$pm" ] && kill -9 "$(head -n 1 "$pm")" 2>/dev/null || true
  done
  for f in "$dir"/haproxy.pid "$dir"/etcd.pid; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null || true; done
  sleep 0.5
  rm -rf "$dir"
}

status() {
  for n in 0 1 2; do
    printf 'node%s ' $((n + 1))
    curl -s "http://127.0.0.1:${API_PORTS[$n]}/patroni" | tr -d '\n' | cut -c1-200 || true
    echo
  done
}

start() {
  if ! command -v patroni >/dev/null || ! command -v etcd >/dev/null || ! command -v haproxy >/dev/null; then
    apt-get update -qq >&2
    apt-get install -y -qq patroni etcd-server haproxy >&2
  fi
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  stop
  mkdir -p "$dir"
  chown postgres "$dir"

  etcd --name tase-ha --data-dir "$dir/etcd" \
    --listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
    --listen-peer-urls "http://127.0.0.1:$((ETCD_PORT + 1))" \
    --initial-advertise-peer-urls "http://127.0.0.1:$((ETCD_PORT + 1))" \
    --initial-cluster "tase-ha=http://127.0.0.1:$((ETCD_PORT + 1))" >"$dir/etcd.log" 2>&1 &
  echo $! >"$dir/etcd.pid"
  for _ in $(seq 1 30); do curl -sf "http://127.0.0.1:$ETCD_PORT/health" >/dev/null && break; sleep 0.5; done

  for n in 0 1 2; do
    name=node$((n + 1))
    cat >"$dir/$name.yml" <<YML
scope: tase
name: $name
restapi:
  listen: 127.0.0.1:${API_PORTS[$n]}
  connect_address: 127.0.0.1:${API_PORTS[$n]}
etcd3:
  hosts: 127.0.0.1:$ETCD_PORT
bootstrap:
  dcs:
    ttl: 12
    loop_wait: 2
    retry_timeout: 5
    maximum_lag_on_failover: 1048576
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      parameters:
        wal_level: replica
        hot_standby: 'on'
        max_connections: 100
        max_wal_senders: 10
        max_replication_slots: 10
        wal_log_hints: 'on'
        shared_buffers: 32MB
  initdb:
    - encoding: UTF8
    - auth: scram-sha-256
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 scram-sha-256
    - host all all 127.0.0.1/32 scram-sha-256
postgresql:
  listen: 127.0.0.1:${PG_PORTS[$n]}
  connect_address: 127.0.0.1:${PG_PORTS[$n]}
  data_dir: $dir/$name/data
  bin_dir: $bin
  pgpass: $dir/$name/pgpass
  authentication:
    superuser:
      username: postgres
      password: $PASSWORD
    replication:
      username: replicator
      password: $PASSWORD
    rewind:
      username: postgres
      password: $PASSWORD
  parameters:
    unix_socket_directories: '$dir/$name'
YML
    mkdir -p "$dir/$name"
    chown -R postgres "$dir/$name" "$dir/$name.yml"
    # setpriv replaces itself by Patroni, so the pid recorded is Patroni's (the stop command and the test use it)
    setpriv --reuid=postgres --regid=postgres --init-groups patroni "$dir/$name.yml" >"$dir/$name.log" 2>&1 &
    echo $! >"$dir/patroni$((n + 1)).pid"
    # the first node bootstraps alone; the others then copy it
    if [ "$n" = 0 ]; then
      for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:${API_PORTS[0]}/primary" >/dev/null && break; sleep 0.5; done
    fi
  done

  cat >"$dir/haproxy.cfg" <<CFG
global
  maxconn 400
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 2s
listen primary
  bind 127.0.0.1:$PROXY_PORT
  option httpchk GET /primary
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
  server node1 127.0.0.1:${PG_PORTS[0]} check port ${API_PORTS[0]}
  server node2 127.0.0.1:${PG_PORTS[1]} check port ${API_PORTS[1]}
  server node3 127.0.0.1:${PG_PORTS[2]} check port ${API_PORTS[2]}
CFG
  haproxy -f "$dir/haproxy.cfg" -D -p "$dir/haproxy.pid" >"$dir/haproxy.log" 2>&1

  # ready when both standbys stream and one of them is the synchronous one
  for _ in $(seq 1 240); do
    cluster=$(curl -s "http://127.0.0.1:${API_PORTS[0]}/cluster" || true)
    if [ "$(grep -o '"state": *"\(streaming\|running\)"' <<<"$cluster" | wc -l)" -ge 3 ] &&
      grep -q '"sync_standby"' <<<"$cluster" && pg_isready -q -h 127.0.0.1 -p "$PROXY_PORT"; then
      echo "postgres://postgres:$PASSWORD@127.0.0.1:$PROXY_PORT/postgres"
      return 0
    fi
    sleep 0.5
  done
  echo "the cluster did not become ready; logs in $dir" >&2
  return 1
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
