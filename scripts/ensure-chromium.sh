#!/usr/bin/env bash
# Makes sure Debian's Chromium (/usr/bin/chromium) is installed, for the admin console's browser tests:
# playwright-core drives it, since Playwright's own browser download is not reachable.
exec bash "$(dirname "$0")/ensure-debian-packages.sh" chromium
