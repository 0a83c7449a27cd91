#!/usr/bin/env bash
# Runs a real OpenStack Placement 8.0 for `npm run bench -- placement` to compare with, on this machine
# (PLACEMENT_URL=http://127.0.0.1:8778), as issue 20 measured it: Debian's packages, 2 uwsgi worker processes of
# one thread each, SQLite, no authentication (`noauth2`: the bench sends the admin token), no request log line
# (ours is off in the bench too). uwsgi's HTTP router keeps the load generator's connections open (Placement's
# workers alone would close each after one answer, or hold it and starve the others).
#
#   apt-get install placement-api uwsgi-plugin-python3 wrk
#   bench/placement-server.sh [DIR]     # in the foreground; DIR default /tmp/metacatalog-placement
#
# DIR keeps the SQLite database: the bench seeds it once (on its first run) and finds it seeded after that.
set -euo pipefail
dir=${1:-/tmp/metacatalog-placement}
port=${PLACEMENT_PORT:-8778}
mkdir -p "$dir"
cat > "$dir/placement.conf" <<EOF
[DEFAULT]
debug = false
default_log_levels = placement.requestlog=WARN,sqlalchemy=WARN,oslo_policy=WARN,keystonemiddleware=WARN,routes=WARN
[api]
auth_strategy = noauth2
[placement_database]
connection = sqlite:///$dir/placement.sqlite
[oslo_policy]
policy_dirs = /etc/placement/policy.d
EOF
cat > "$dir/uwsgi.ini" <<EOF
[uwsgi]
plugins = http,python3
http = 127.0.0.1:$port
http-keepalive = 1
socket = 127.0.0.1:$((port + 1))
master = true
processes = 2
threads = 1
lazy-apps = true
die-on-term = true
wsgi-file = /usr/bin/placement-api
env = OS_PLACEMENT_CONFIG_DIR=$dir
disable-logging = true
EOF
placement-manage --config-file "$dir/placement.conf" db sync
echo "Placement on http://127.0.0.1:$port (data in $dir)" >&2
exec uwsgi --ini "$dir/uwsgi.ini"
