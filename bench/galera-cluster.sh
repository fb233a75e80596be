#!/usr/bin/env bash
# A 3-node MariaDB Galera cluster on this machine for `npm run bench -- --galera` (docs/operators.md, "Running on
# Galera"; test/support/galera-cluster.ts makes the same cluster for the e2e suite).
#
#   bash bench/galera-cluster.sh start [dir]   # nodes on 127.0.0.1:24301-24303, data under dir
#   bash bench/galera-cluster.sh stop [dir]
#
# Root only (the nodes run as the mysql user, started through setpriv). The service's URL is then
# mysql://root@127.0.0.1:24301,127.0.0.1:24302,127.0.0.1:24303/bzp_bench.
set -euo pipefail
action=${1:?start or stop}
dir=${2:-/tmp/bzp-bench-galera}
members=127.0.0.1:24311,127.0.0.1:24312,127.0.0.1:24313

node() {
  local n=$1 extra=${2:-}
  setpriv --reuid=mysql --regid=mysql --init-groups /usr/sbin/mariadbd --no-defaults \
    --datadir="$dir/n$n" --port=$((24300 + n)) --bind-address=127.0.0.1 --socket="$dir/n$n.sock" \
    --pid-file="$dir/n$n.pid" --log-error="$dir/n$n.err" --skip-name-resolve \
    --innodb-buffer-pool-size=128M --binlog-format=ROW --innodb-autoinc-lock-mode=2 \
    --default-storage-engine=InnoDB --wsrep-on=ON --wsrep-provider=/usr/lib/galera/libgalera_smm.so \
    --wsrep-cluster-name=bzp-bench --wsrep-cluster-address="gcomm://$members" --wsrep-node-name="node$n" \
    --wsrep-node-address=127.0.0.1:$((24310 + n)) --wsrep-sst-receive-address=127.0.0.1:$((24330 + n)) \
    --wsrep-sst-method=rsync \
    --wsrep-provider-options="gmcast.listen_addr=tcp://127.0.0.1:$((24310 + n));ist.recv_addr=127.0.0.1:$((24320 + n));gcache.size=256M" \
    $extra >/dev/null 2>&1 &
}

synced() {
  [ "$(mariadb -h127.0.0.1 -P$((24300 + $1)) -uroot -N -e "SHOW STATUS LIKE 'wsrep_local_state_comment'" 2>/dev/null | cut -f2)" = Synced ]
}

wait_synced() {
  for _ in $(seq 1 300); do synced "$1" && return 0; sleep 0.5; done
  echo "node $1 did not become Synced; see $dir/n$1.err" >&2
  exit 1
}

case $action in
  start)
    mkdir -p "$dir"/n1 "$dir"/n2 "$dir"/n3
    chown -R mysql:mysql "$dir"
    mariadb-install-db --no-defaults --datadir="$dir/n1" --user=mysql \
      --auth-root-authentication-method=normal --skip-test-db >/dev/null
    node 1 --wsrep-new-cluster
    wait_synced 1
    for n in 2 3; do node $n; wait_synced $n; done
    echo "mysql://root@127.0.0.1:24301,127.0.0.1:24302,127.0.0.1:24303/bzp_bench"
    ;;
  stop)
    for n in 1 2 3; do [ -f "$dir/n$n.pid" ] && kill "$(cat "$dir/n$n.pid")" 2>/dev/null || true; done
    for n in 1 2 3; do while [ -f "$dir/n$n.pid" ] && kill -0 "$(cat "$dir/n$n.pid")" 2>/dev/null; do sleep 0.2; done; done
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start|stop [dir]" >&2; exit 2 ;;
esac
