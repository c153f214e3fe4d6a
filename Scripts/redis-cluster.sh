#!/usr/bin/env bash
# Starts and stops a local Redis Cluster for the RedisCluster tests (README, "Redis Cluster").
#
#   Scripts/redis-cluster.sh start DIR [PRIMARIES [REPLICAS]]
#       PRIMARIES (default 3, at least 3) primaries with REPLICAS (0 or 1, default 1) replicas each;
#       the tests need the replicas, the benchmark's figures without them are in RedisCluster.md
#   Scripts/redis-cluster.sh start-secure DIR [PRIMARIES [REPLICAS]]
#       the same, TLS only (no plain port; clients must show a certificate; the cluster bus and
#       replication over TLS too) with ACL users: the default user is off, replicas authenticate
#       as the user 'replica', and the user 'admin' may do everything. A throwaway certificate
#       authority and certificates are made with openssl in DIR/tls (ca.crt, server.crt/.key for
#       127.0.0.1 and localhost, client.crt/.key), random passwords in DIR/secrets/admin and
#       DIR/secrets/replica (mode 600); nothing of it is meant to outlive the cluster.
#   Scripts/redis-cluster.sh stop DIR                # every node started in DIR; safe to repeat
#
# start picks free ports from a random base in 20000-55000 (REDIS_CLUSTER_PORT_BASE=N starts at
# N instead; each node's cluster bus is its port + 10000), so that several clusters can run side
# by side; it waits until every node reports cluster_state:ok and every replica is in sync, then
# writes the comma-separated addresses of all the nodes to DIR/addresses and prints them. The
# nodes' files (configuration, pid, log) stay in DIR. Needs redis-server and redis-cli (Debian:
# apt-get install redis-server), and openssl for start-secure.
set -euo pipefail

usage() {
  echo "usage: $0 start|start-secure DIR [PRIMARIES [REPLICAS]] | $0 stop DIR" >&2
  exit 2
}

fail() {
  echo "redis-cluster.sh: $*" >&2
  exit 1
}

# The options of every redis-cli call: TLS and the admin user for a secure cluster (the password
# in REDISCLI_AUTH, not in the arguments).
cli_options=()

use_secure_cli() { # use_secure_cli DIR: redis-cli speaks TLS and authenticates as admin from now on
  local dir=$1
  cli_options=(--tls --cacert "$dir/tls/ca.crt" --cert "$dir/tls/client.crt" --key "$dir/tls/client.key" --user admin)
  REDISCLI_AUTH=$(cat "$dir/secrets/admin")
  export REDISCLI_AUTH
}

cli() { # cli PORT ARGS...: one redis-cli call that cannot hang
  local port=$1
  shift
  timeout 5 redis-cli -h 127.0.0.1 -p "$port" ${cli_options[@]+"${cli_options[@]}"} "$@" 2>/dev/null
}

is_listening() { # whether something accepts TCP connections on 127.0.0.1:PORT
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

node_ports() { # the ports of the nodes started in DIR: from DIR/ports and the pid files
  local dir=$1
  {
    [ -f "$dir/ports" ] && tr ' ' '\n' <"$dir/ports"
    for pidfile in "$dir"/redis-*.pid; do
      [ -e "$pidfile" ] || continue
      pidfile=${pidfile##*/redis-}
      echo "${pidfile%.pid}"
    done
  } | grep -E '^[0-9]+$' | sort -un
}

is_redis_process() { # whether PID is alive and a redis-server
  local pid=$1
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && grep -q redis "/proc/$pid/comm" 2>/dev/null \
    || { [ ! -d /proc ] && kill -0 "$pid" 2>/dev/null; }
}

stop_cluster() {
  local dir=$1 port pid
  [ -d "$dir" ] || return 0
  [ -f "$dir/secure" ] && use_secure_cli "$dir"
  for port in $(node_ports "$dir"); do
    pid=$(cat "$dir/redis-$port.pid" 2>/dev/null || true)
    cli "$port" shutdown nosave >/dev/null || true
    if [ -n "$pid" ]; then
      for _ in $(seq 50); do is_redis_process "$pid" || break; sleep 0.1; done
      if is_redis_process "$pid"; then
        kill "$pid" 2>/dev/null || true
        sleep 0.5
        is_redis_process "$pid" && kill -9 "$pid" 2>/dev/null || true
      fi
    fi
    rm -f "$dir/redis-$port.pid"
  done
  rm -f "$dir/ports" "$dir/addresses"
  return 0
}

wait_for() { # wait_for SECONDS WHAT COMMAND...: runs COMMAND every 0.2 s until it succeeds
  local seconds=$1 what=$2 deadline
  shift 2
  deadline=$((SECONDS + seconds))
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.2
  done
}

all_ok() { # every node reports cluster_state:ok and every replica's link to its primary is up
  local port
  for port in "$@"; do
    cli "$port" cluster info | grep -q '^cluster_state:ok' || return 1
    if cli "$port" role | head -1 | grep -q slave; then
      cli "$port" info replication | grep -q '^master_link_status:up' || return 1
    fi
  done
}

start_nodes() { # start_nodes DIR PORT...: 0 when every node answers PING
  local dir=$1 port
  shift
  echo "$*" >"$dir/ports"
  for port in "$@"; do
    if [ -f "$dir/secure" ]; then
      write_secure_config "$dir" "$port"
      redis-server "$dir/redis-$port.conf" >/dev/null || return 1
      continue
    fi
    redis-server --cluster-enabled yes --port "$port" --bind 127.0.0.1 \
      --cluster-config-file "$dir/nodes-$port.conf" --cluster-node-timeout 1000 \
      --appendonly no --save '' --daemonize yes --pidfile "$dir/redis-$port.pid" \
      --logfile "$dir/redis-$port.log" --dir "$dir" >/dev/null || return 1
  done
  for port in "$@"; do
    wait_for 10 "node $port" node_is_up_or_gone "$dir" "$port" || return 1
    cli "$port" ping | grep -q PONG || return 1
  done
}

write_secure_config() { # write_secure_config DIR PORT: the configuration file of a TLS-only node with ACL users
  local dir=$1 port=$2
  (
    umask 077
    cat >"$dir/redis-$port.conf" <<CONF
port 0
tls-port $port
bind 127.0.0.1
tls-cert-file $dir/tls/server.crt
tls-key-file $dir/tls/server.key
tls-ca-cert-file $dir/tls/ca.crt
tls-auth-clients yes
tls-replication yes
tls-cluster yes
cluster-enabled yes
cluster-config-file $dir/nodes-$port.conf
cluster-node-timeout 1000
appendonly no
save ""
daemonize yes
pidfile $dir/redis-$port.pid
logfile $dir/redis-$port.log
dir $dir
user default off
user admin on >$(cat "$dir/secrets/admin") ~* &* +@all
user replica on >$(cat "$dir/secrets/replica") +psync +replconf +ping
masteruser replica
masterauth $(cat "$dir/secrets/replica")
CONF
  )
}

make_secrets() { # make_secrets DIR: a throwaway CA, server and client certificates, and passwords
  local dir=$1 tls=$1/tls
  command -v openssl >/dev/null || fail "openssl is needed for start-secure (Debian: apt-get install openssl)"
  rm -rf "$tls" "$dir/secrets"
  mkdir -p "$tls" "$dir/secrets"
  chmod 700 "$tls" "$dir/secrets"
  (
    umask 077
    openssl rand -hex 24 >"$dir/secrets/admin"
    openssl rand -hex 24 >"$dir/secrets/replica"
    openssl req -x509 -new -nodes -newkey rsa:2048 -days 2 -subj "/CN=pinyin-search test CA" \
      -keyout "$tls/ca.key" -out "$tls/ca.crt" 2>/dev/null
    local name
    for name in server client; do
      openssl req -new -nodes -newkey rsa:2048 -subj "/CN=pinyin-search test $name" \
        -keyout "$tls/$name.key" -out "$tls/$name.csr" 2>/dev/null
      printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth,clientAuth\n' >"$tls/$name.ext"
      openssl x509 -req -in "$tls/$name.csr" -CA "$tls/ca.crt" -CAkey "$tls/ca.key" -CAcreateserial -days 2 \
        -extfile "$tls/$name.ext" -out "$tls/$name.crt" 2>/dev/null
    done
  ) || fail "openssl could not make the test certificates in $tls"
  chmod 644 "$tls/ca.crt"
  touch "$dir/secure"
  use_secure_cli "$dir"
}

node_is_up_or_gone() { # whether the node on PORT answers PING, or gave up (its port was taken)
  local dir=$1 port=$2
  cli "$port" ping | grep -q PONG || grep -q 'aborting' "$dir/redis-$port.log" 2>/dev/null
}

start_cluster() {
  local dir=$1 primaries=$2 replicas=$3 secure=$4 count base attempt port ports=() free addresses
  command -v redis-server >/dev/null && command -v redis-cli >/dev/null \
    || fail "redis-server and redis-cli are needed (Debian: apt-get install redis-server)"
  [[ $primaries =~ ^[1-9][0-9]*$ ]] && [ "$primaries" -ge 3 ] || fail "PRIMARIES must be 3 or more, not '$primaries'"
  [[ $replicas =~ ^[01]$ ]] || fail "REPLICAS must be 0 or 1, not '$replicas'"
  count=$((primaries * (1 + replicas)))
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  for port in $(node_ports "$dir"); do
    is_listening "$port" && fail "a node of $dir still listens on $port: run '$0 stop $dir' first"
  done
  rm -f "$dir/secure"
  [ "$secure" = 1 ] && make_secrets "$dir"
  if [ -n "${REDIS_CLUSTER_PORT_BASE:-}" ]; then
    [[ $REDIS_CLUSTER_PORT_BASE =~ ^[1-9][0-9]*$ ]] && [ "$REDIS_CLUSTER_PORT_BASE" -le 55000 ] \
      || fail "REDIS_CLUSTER_PORT_BASE must be a port number up to 55000, not '$REDIS_CLUSTER_PORT_BASE'"
  fi
  for attempt in $(seq 10); do
    base=${REDIS_CLUSTER_PORT_BASE:-$((20000 + (RANDOM * 32768 + RANDOM) % 35000))}
    ports=()
    free=1
    for port in $(seq "$base" $((base + count - 1))); do
      if is_listening "$port" || is_listening $((port + 10000)); then free=0; break; fi
      ports+=("$port")
    done
    [ "$free" = 1 ] || continue
    rm -f "$dir"/nodes-*.conf "$dir/addresses"
    if start_nodes "$dir" "${ports[@]}"; then break; fi
    echo "redis-cluster.sh: nodes on ports $base-$((base + count - 1)) did not start; trying other ports" >&2
    stop_cluster "$dir"
    ports=()
  done
  [ ${#ports[@]} = "$count" ] || fail "found no $count free ports after 10 tries (see the logs in $dir)"

  addresses=$(printf '127.0.0.1:%s,' "${ports[@]}")
  addresses=${addresses%,}
  # shellcheck disable=SC2046
  if ! timeout 60 redis-cli ${cli_options[@]+"${cli_options[@]}"} --cluster create $(printf '127.0.0.1:%s ' "${ports[@]}") \
    --cluster-replicas "$replicas" --cluster-yes >"$dir/create.log" 2>&1; then
    stop_cluster "$dir"
    fail "redis-cli --cluster create failed: see $dir/create.log"
  fi
  if ! wait_for 60 "cluster_state:ok" all_ok "${ports[@]}"; then
    stop_cluster "$dir"
    fail "the cluster on ports ${ports[*]} did not reach cluster_state:ok with replicas in sync within 60 s"
  fi
  echo "$addresses" >"$dir/addresses"
  echo "$addresses"
}

[ $# -ge 2 ] || usage
case $1 in
  start)
    [ $# -le 4 ] || usage
    start_cluster "$2" "${3:-3}" "${4:-1}" 0
    ;;
  start-secure)
    [ $# -le 4 ] || usage
    start_cluster "$2" "${3:-3}" "${4:-1}" 1
    ;;
  stop)
    [ $# = 2 ] || usage
    stop_cluster "$2"
    rm -f "$2/secure"
    ;;
  *) usage ;;
esac
