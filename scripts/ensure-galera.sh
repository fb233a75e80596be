#!/usr/bin/env bash
# What test/galera.e2e-spec.ts needs to start a Galera cluster: the Galera provider (galera-4:
# /usr/lib/galera/libgalera_smm.so), rsync (the SST method the test uses) and setpriv (util-linux:
# the nodes run as the mysql user).
set -euo pipefail
exec bash "$(dirname "$0")/ensure-debian-packages.sh" galera-4 rsync util-linux
