#!/usr/bin/env bash
# Makes sure h2load (Debian package nghttp2-client) is installed, for test/http2.e2e-spec.ts's HTTP/2 load
# through a reload.
exec bash "$(dirname "$0")/ensure-debian-packages.sh" nghttp2-client
