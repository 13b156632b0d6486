# Shared by the load benchmarks: a reference server, an nginx and a sink serving the same order JSON, free
# ports, cleanup of everything started, and helpers that read figures out of runs.
# shellcheck shell=bash

DOCKSIDE=${DOCKSIDE:-build/tools/dockside/dockside}
TOKEN=bench-token
SERVER_THREADS=${SERVER_THREADS:-1}
PIN=${PIN:-0}

[ -x "$DOCKSIDE" ] || { echo "bench: $DOCKSIDE not built (cmake --build --preset default)" >&2; exit 2; }
SINK_SERVER=${SINK_SERVER:-$(dirname "$DOCKSIDE")/../bench/load/sink_server}
[ -x "$SINK_SERVER" ] || { echo "bench: $SINK_SERVER not built (cmake --build --preset default --target sink_server)" >&2; exit 2; }
for tool in wrk h2load nginx curl python3; do
  command -v "$tool" >/dev/null || { echo "bench: $tool missing (apt-get install wrk nghttp2-client nginx-light curl)" >&2; exit 2; }
done

work=$(mktemp -d)
pids=()
moved_threads=()  # "pid mask" of kernel threads moved off the generators' CPU, put back at exit
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for moved in "${moved_threads[@]}"; do taskset -p "${moved#* }" "${moved%% *}" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# PIN=1: the load generators run on CPU 0 and the servers on CPU 1 (taskset), so that on a small machine
# the two do not take turns on one core. The servers start under taskset, so that every process and thread
# they make later (nginx's workers, the reference server's threads) inherits the CPU; pinning running
# processes afterwards would miss nginx's workers.
GENERATOR_PREFIX=()
SERVER_PREFIX=()
if [ "$PIN" = 1 ]; then
  command -v taskset >/dev/null || { echo "bench: PIN=1 needs taskset (util-linux)" >&2; exit 2; }
  [ "$(nproc)" -ge 2 ] || { echo "bench: PIN=1 needs two CPUs" >&2; exit 2; }
  GENERATOR_PREFIX=(taskset -c 0)
  SERVER_PREFIX=(taskset -c 1)
fi

# PIN=1 also moves DAMON's kernel threads (kdamond.N, the kernel's memory-access monitor, which a VM host may
# run to reclaim guest memory) to CPU 1 for the benchmark and puts them back at exit. Sampled with perf on
# this machine (2 vCPUs): kdamond.0 took CPU 0 every 0.5 s for about 1 ms (its sampling pass) and, when it
# paged memory out, for 3-7 ms at a time; every such pause is send lag for a generator that keeps a schedule.
# Only a machine's owner may move a kernel thread (root): otherwise the conditions line says it stayed.
kernel_thread_note=
move_kernel_threads() {
  [ "$PIN" = 1 ] || return 0
  local pid mask
  for pid in $(pgrep -x 'kdamond\.[0-9]+' || true); do
    mask=$(taskset -p "$pid" 2>/dev/null | awk '{print $NF}') || continue
    if taskset -p 2 "$pid" >/dev/null 2>&1; then
      moved_threads+=("$pid $mask")
      kernel_thread_note+="; $(cat "/proc/$pid/comm") (DAMON) moved to CPU 1"
    else
      kernel_thread_note+="; $(cat "/proc/$pid/comm") (DAMON) could not be moved off CPU 0 (needs root)"
    fi
  done
}
move_kernel_threads
pin_conditions() { [ "$PIN" = 1 ] && echo ", generators on CPU 0, servers on CPU 1$kernel_thread_note" || true; }

# `with_servers_cpu_busy CMD...`: runs CMD while a busy loop keeps CPU 1 (the servers' CPU under PIN=1) busy.
# The platform's pauses depend on the load of the whole VM, not only of the CPU measured: spinning on CPU 0
# for 8 s at 76,000 ticks/s, the largest lateness was 285-356 µs with CPU 1 idle, and 335 µs to 4.3 ms
# with CPU 1 busy (three runs each). During an open-loop run CPU 1 is the target's and is busy, so that
# is the condition to measure the floor in. Without PIN=1 it just runs CMD.
with_servers_cpu_busy() {
  [ "$PIN" = 1 ] || { "$@"; return; }
  taskset -c 1 sh -c 'while :; do :; done' &
  local spinner=$!
  pids+=("$spinner")
  local status=0
  "$@" || status=$?
  kill "$spinner" 2>/dev/null || true
  wait "$spinner" 2>/dev/null || true
  return "$status"
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# A benchmark against an error page measures nothing: nginx must answer 200 with the file's bytes.
served_as_file() {
  cmp -s <(curl -sf "$1") "$2" || { echo "bench: $1 does not serve $2 (HTTP $(curl -s -o /dev/null -w '%{http_code}' "$1"))" >&2; exit 2; }
}
wait_for() { for _ in $(seq 100); do curl -s -o /dev/null "$1" && return 0; sleep 0.1; done; echo "bench: $1 did not come up" >&2; exit 2; }

# Starts `dockside serve`, nginx and the sink with the same body: the reference server's answer to GET
# REFERENCE_PATH (default: one order), which nginx and the sink serve as order.json. Sets ref_port, ref_url, ref_path, nginx_port,
# nginx_url, cached_port, cached_url, bytes. nginx serves the file on two ports: on nginx_port it opens the
# file for every request (nginx's default) and is slower than one generator thread (on a 2-core VM about
# 95,000 requests/s), so a closed loop measures the target; on cached_port an open-file cache makes it
# faster than one generator thread (about 140,000/s), so a closed loop measures the generator. The sink
# (sink_server.cpp, sink_port and sink_url) answers every GET with the same bytes at the least cost per
# request, so that an open loop near the generator's maximum is not held back by the target.
start_targets() {
  ref_port=$(free_port)
  "${SERVER_PREFIX[@]}" "$DOCKSIDE" serve --port "$ref_port" --pat "$TOKEN" --threads "$SERVER_THREADS" >"$work/serve.log" 2>&1 &
  pids+=("$!")
  wait_for "http://127.0.0.1:$ref_port/2025-07/channel"
  local order_id
  order_id=$(curl -s -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$ref_port/2025-07/order?Limit=1" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')
  ref_path=${REFERENCE_PATH:-/2025-07/order/$order_id}
  ref_url="http://127.0.0.1:$ref_port$ref_path"
  curl -sf -o /dev/null -H "Authorization: Bearer $TOKEN" "$ref_url" ||
    { echo "bench: the reference server does not answer 2xx to GET $ref_path" >&2; exit 2; }
  mkdir -p "$work/www"
  # nginx's workers run as nobody when it is started as root: mktemp's folder (mode 700) would answer 403.
  chmod 755 "$work" "$work/www"
  curl -s -H "Authorization: Bearer $TOKEN" "$ref_url" >"$work/www/order.json"
  bytes=$(wc -c <"$work/www/order.json")
  nginx_port=$(free_port)
  cached_port=$(free_port)
  cat >"$work/nginx.conf" <<CONF
worker_processes $SERVER_THREADS;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
worker_rlimit_nofile 20000;
# Room for open-loop runs with many connections: at nginx's default of 1024 a run of 1000 connections
# had connections closed under it (thousands of errors, and reconnects that showed as send lag).
events { worker_connections 16384; }
http {
  access_log off;
  keepalive_requests 100000000;
  server {
    listen 127.0.0.1:$nginx_port;
    location / { root $work/www; default_type application/json; }
  }
  server {
    listen 127.0.0.1:$cached_port;
    open_file_cache max=16 inactive=60s;
    location / { root $work/www; default_type application/json; }
  }
}
CONF
  "${SERVER_PREFIX[@]}" nginx -c "$work/nginx.conf" -g 'daemon off;' &
  pids+=("$!")
  nginx_url="http://127.0.0.1:$nginx_port/order.json"
  wait_for "$nginx_url"
  served_as_file "$nginx_url" "$work/www/order.json"
  cached_url="http://127.0.0.1:$cached_port/order.json"
  served_as_file "$cached_url" "$work/www/order.json"
  sink_port=$(free_port)
  "${SERVER_PREFIX[@]}" "$SINK_SERVER" "$sink_port" "$work/www/order.json" &
  pids+=("$!")
  sink_url="http://127.0.0.1:$sink_port/order.json"
  wait_for "$sink_url"
  served_as_file "$sink_url" "$work/www/order.json"
}

# The benchmarks' targets by name (nginx, nginx-cached, reference, sink). `check_target NAME` fails before
# anything starts; `use_target NAME` (after start_targets) sets base, path and url.
check_target() {
  case $1 in nginx|nginx-cached|reference|sink) ;; *) echo "bench: unknown target '$1' (nginx, nginx-cached, reference, sink)" >&2; exit 2 ;; esac
}
use_target() {
  check_target "$1"
  case $1 in
    nginx) base="http://127.0.0.1:$nginx_port"; path=/order.json; url=$nginx_url ;;
    nginx-cached) base="http://127.0.0.1:$cached_port"; path=/order.json; url=$cached_url ;;
    reference) base="http://127.0.0.1:$ref_port"; path=$ref_path; url=$ref_url ;;
    sink) base="http://127.0.0.1:$sink_port"; path=/order.json; url=$sink_url ;;
  esac
}

# dockside load against a base URL and a path: `dockside_load BASE PATH OUTDIR ARGS…`
dockside_load() {
  local base=$1 path=$2 out=$3
  shift 3
  # A stale summary must never stand in for a run that failed: the folder starts empty, and a failure stops
  # the benchmark with dockside's message.
  rm -rf "$out"
  "${GENERATOR_PREFIX[@]}" "$DOCKSIDE" load --base-url "$base" --token "$TOKEN" --mix "GET $path" --out "$out" "$@" ||
    { echo "bench: dockside load against $base$path failed (exit $?)" >&2; exit 2; }
}

# A field of a summary.json: `summary_field DIR expression` (Python over the parsed document `s`).
summary_field() { python3 -c "import json,sys; s=json.load(open('$1/summary.json')); print($2)"; }
