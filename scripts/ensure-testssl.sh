#!/usr/bin/env bash
# Makes sure testssl.sh (Debian package testssl.sh) is installed, for test/tls.e2e-spec.ts's scan of the
# service's HTTPS port (SPEC §18).
exec bash "$(dirname "$0")/ensure-debian-packages.sh" testssl.sh
