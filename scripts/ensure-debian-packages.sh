#!/usr/bin/env bash
# Makes sure the Debian packages named as arguments are installed, for tests that drive real programs
# (python-bugzilla, Chromium). Idempotent and quick when they are present; installs with apt-get
# (running `apt-get update` only when a first install fails), as root or through sudo.
set -euo pipefail

packages=("$@")

installed() {
  [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

missing=()
for p in "${packages[@]}"; do
  installed "$p" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-debian-packages: apt-get not found; install ${missing[*]} by hand" >&2
  exit 1
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo -n)
  else
    echo "ensure-debian-packages: not root and no sudo; install ${missing[*]} by hand" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
echo "ensure-debian-packages: installing ${missing[*]}"
if ! "${sudo_cmd[@]}" apt-get install -y --no-install-recommends "${missing[@]}"; then
  "${sudo_cmd[@]}" apt-get update
  "${sudo_cmd[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi
