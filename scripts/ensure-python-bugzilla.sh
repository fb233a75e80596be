#!/usr/bin/env bash
# Makes sure python-bugzilla and its `bugzilla` command (Debian packages python3-bugzilla and
# bugzilla-cli) are installed, for test/python-bugzilla.e2e-spec.ts.
exec bash "$(dirname "$0")/ensure-debian-packages.sh" python3-bugzilla bugzilla-cli
