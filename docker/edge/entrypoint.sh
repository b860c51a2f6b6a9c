#!/bin/sh
# The edge image's entry point: renders the shipped template from the environment, with the same
# placeholders and checks as `pnpm -s edge:config`, then runs nginx in the foreground as this user.
# `svc-edge render` only prints the rendered nginx.conf.
set -eu

: "${EDGE_SHARED_SECRET:?set EDGE_SHARED_SECRET, the same value as the servers}"
: "${EDGE_SERVER_ADDRESSES:?set EDGE_SERVER_ADDRESSES, the servers as space-separated host:port}"
: "${EDGE_DASHBOARD:?set EDGE_DASHBOARD, the dashboard as host:port}"
EDGE_LISTEN="${EDGE_LISTEN:-8080}"
TRUSTED_CLIENT_IP_HEADER="${TRUSTED_CLIENT_IP_HEADER:-X-Real-IP}"
TEMPLATE="${EDGE_TEMPLATE:-/etc/svc-edge/nginx.conf.template}"
PREFIX="${EDGE_PREFIX:-/tmp/svc-edge}"

case "$EDGE_SHARED_SECRET" in
  *[!A-Za-z0-9._~+/=-]*) echo "EDGE_SHARED_SECRET: only letters, digits and ._~+/=- can be written into nginx.conf" >&2; exit 1 ;;
esac

# One `server host:port;` line per instance, laid out as the TypeScript renderer lays them out.
EDGE_SERVERS=""
sep=""
for address in $EDGE_SERVER_ADDRESSES; do
  EDGE_SERVERS="${EDGE_SERVERS}${sep}server ${address};"
  sep="
        "
done
SESSION_COOKIE_PATTERN=$(printf '%s' "${SESSION_COOKIE_PREFIX:-svc-session}" | sed 's/[].*+?^${}()|[\\]/\\&/g')
export EDGE_LISTEN EDGE_SERVERS EDGE_DASHBOARD TRUSTED_CLIENT_IP_HEADER EDGE_SHARED_SECRET SESSION_COOKIE_PATTERN

render() {
  envsubst '${EDGE_LISTEN} ${EDGE_SERVERS} ${EDGE_DASHBOARD} ${TRUSTED_CLIENT_IP_HEADER} ${EDGE_SHARED_SECRET} ${SESSION_COOKIE_PATTERN}' < "$TEMPLATE"
}

if [ "${1:-}" = render ]; then
  render
  exit 0
fi
mkdir -p "$PREFIX"
render > "$PREFIX/nginx.conf"
exec nginx -c "$PREFIX/nginx.conf" -p "$PREFIX/"
