#!/usr/bin/env bash
# The PostgreSQL store's tests start a throwaway PostgreSQL 15 from Debian's packages; install it when it is missing
# (CI machines start without it). Only the binaries are needed: the tests make their own data folder under /tmp.
set -euo pipefail
if [ -x /usr/lib/postgresql/15/bin/initdb ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-postgres: /usr/lib/postgresql/15/bin/initdb is missing and installing it needs root (apt-get install postgresql)" >&2
  exit 1
fi
echo "ensure-postgres: installing Debian's postgresql package" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq postgresql >/dev/null
/usr/lib/postgresql/15/bin/initdb --version >&2
