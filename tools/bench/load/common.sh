# Shared by the load benchmarks: a reference server and an nginx serving the same order JSON, free
# ports, cleanup of everything started, and helpers that read figures out of runs.
# shellcheck shell=bash

DOCKSIDE=${DOCKSIDE:-build/tools/dockside/dockside}
TOKEN=bench-token
SERVER_THREADS=${SERVER_THREADS:-1}

[ -x "$DOCKSIDE" ] || { echo "bench: $DOCKSIDE not built (cmake --build --preset default)" >&2; exit 2; }
for tool in wrk h2load nginx curl python3; do
  command -v "$tool" >/dev/null || { echo "bench: $tool missing (apt-get install wrk nghttp2-client nginx-light curl)" >&2; exit 2; }
done

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_for() { for _ in $(seq 100); do curl -s -o /dev/null "$1" && return 0; sleep 0.1; done; echo "bench: $1 did not come up" >&2; exit 2; }

# Starts `dockside serve` and nginx with the same body; sets ref_port, ref_url, ref_path, nginx_port,
# nginx_url, bytes.
start_targets() {
  ref_port=$(free_port)
  "$DOCKSIDE" serve --port "$ref_port" --pat "$TOKEN" --threads "$SERVER_THREADS" >"$work/serve.log" 2>&1 &
  pids+=("$!")
  wait_for "http://127.0.0.1:$ref_port/2025-07/channel"
  local order_id
  order_id=$(curl -s -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$ref_port/2025-07/order?Limit=1" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')
  ref_path="/2025-07/order/$order_id"
  ref_url="http://127.0.0.1:$ref_port$ref_path"
  mkdir -p "$work/www"
  curl -s -H "Authorization: Bearer $TOKEN" "$ref_url" >"$work/www/order.json"
  bytes=$(wc -c <"$work/www/order.json")
  nginx_port=$(free_port)
  cat >"$work/nginx.conf" <<CONF
worker_processes $SERVER_THREADS;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_requests 100000000;
  server {
    listen 127.0.0.1:$nginx_port;
    location / { root $work/www; default_type application/json; }
  }
}
CONF
  nginx -c "$work/nginx.conf" -g 'daemon off;' &
  pids+=("$!")
  nginx_url="http://127.0.0.1:$nginx_port/order.json"
  wait_for "$nginx_url"
}

# dockside load against a base URL and a path: `dockside_load BASE PATH OUTDIR ARGS…`
DOCKSIDE_PREFIX=()
dockside_load() {
  local base=$1 path=$2 out=$3
  shift 3
  # A stale summary must never stand in for a run that failed: the folder starts empty, and a failure stops
  # the benchmark with dockside's message.
  rm -rf "$out"
  # DOCKSIDE_PREFIX: a command to run dockside under (taskset, for one).
  "${DOCKSIDE_PREFIX[@]}" "$DOCKSIDE" load --base-url "$base" --token "$TOKEN" --mix "GET $path" --out "$out" "$@" ||
    { echo "bench: dockside load against $base$path failed (exit $?)" >&2; exit 2; }
}

# A field of a summary.json: `summary_field DIR expression` (Python over the parsed document `s`).
summary_field() { python3 -c "import json,sys; s=json.load(open('$1/summary.json')); print($2)"; }
