#!/usr/bin/env bash
# Runs a command inside a throwaway D-Bus session with an unlocked gnome-keyring (a real Secret
# Service) and a temporary HOME, so keychain tests never touch the developer's own keyring.
# Usage: test/support/with-keyring.sh npm test
set -euo pipefail
if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi
for tool in dbus-run-session gnome-keyring-daemon; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install dbus gnome-keyring libsecret-1-0" >&2; exit 2; }
done

scratch=$(mktemp -d)
# The keyring daemon leaves once its session bus is gone, but may still be writing for a moment:
# retry the removal for a few seconds, and never let cleanup change the command's exit status.
cleanup() {
  for _ in $(seq 50); do
    rm -rf "$scratch" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "with-keyring.sh: could not remove $scratch" >&2
}
trap 'cleanup || true' EXIT
export HOME="$scratch/home" XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config" XDG_RUNTIME_DIR="$scratch/run"
mkdir -p "$HOME" "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
# npm's cache and config stay where they were (the temporary HOME would hide them).
export npm_config_cache="${npm_config_cache:-$(npm config get cache 2>/dev/null || echo "$scratch/npm-cache")}"

# Not `exec`: the shell must outlive the command so its EXIT trap removes the scratch folder.
# Ctrl-C and kill reach the command's process group; the trap still runs afterwards.
trap 'exit 130' INT
trap 'exit 143' TERM
status=0
# shellcheck disable=SC2016
dbus-run-session -- sh -c '
  printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  exec "$@"
' sh "$@" || status=$?
exit "$status"
