#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when it is missing (CI machines start without it).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-chromium: /usr/bin/chromium is missing and installing it needs root (apt-get install chromium)" >&2
  exit 1
fi
echo "ensure-chromium: installing Debian's chromium package" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version >&2
