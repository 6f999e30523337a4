#!/usr/bin/env bash
# The cluster's tests and `npm run cluster` start a throwaway Redis 7 and an HAProxy from Debian's packages; install
# them when missing (CI machines start without them). Only the programs are needed: the packages' own services are
# kept from starting; the tests run their own on free ports with data under /tmp.
set -euo pipefail
missing=()
[ -x /usr/bin/redis-server ] || missing+=(redis-server)
[ -x /usr/sbin/haproxy ] || missing+=(haproxy)
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-redis: ${missing[*]} missing and installing needs root (apt-get install ${missing[*]})" >&2
  exit 1
fi
echo "ensure-redis: installing Debian's ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# No service starts while installing (a container has no init; a machine keeps its ports free).
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
apt-get update -qq >/dev/null
apt-get install -y -qq "${missing[@]}" >/dev/null
redis-server --version >&2
/usr/sbin/haproxy -v | head -n 1 >&2
