#!/usr/bin/env bash
# Installs the Debian packages the project needs when they are missing:
#   chromium    the Playwright suites' browser (Playwright's own browser download cannot work here);
#   bubblewrap  the local MCP runner's sandbox (`bwrap`);
#   slirp4netns, nftables, iproute2  the sandbox's own network: outbound internet through
#               user-mode networking, host loopback and private ranges rejected (`ip netns`, `nft`).
# Usage: ensure-system-packages.sh [package...]   (default: all of the above; or set
# ENSURE_SYSTEM_PACKAGES="bubblewrap slirp4netns nftables iproute2" for what `npm start` needs). Never fails: without apt (or
# root) it warns and continues, and whatever needs a missing package says so itself.
set -uo pipefail

if [ "$#" -eq 0 ]; then
  # shellcheck disable=SC2206
  set -- ${ENSURE_SYSTEM_PACKAGES:-chromium bubblewrap slirp4netns nftables iproute2}
fi

command_for() {
  case "$1" in
    bubblewrap) echo bwrap ;;
    nftables) echo nft ;;
    iproute2) echo ip ;;
    *) echo "$1" ;;
  esac
}

missing=()
for package in "$@"; do
  command -v "$(command_for "$package")" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

warn() { echo "warning: could not install ${missing[*]} ($1); continuing without" >&2; }

sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo_cmd="sudo -n"
  else
    warn "not root and no passwordless sudo"
    exit 0
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  warn "apt-get is not available"
  exit 0
fi

echo "Installing Debian packages: ${missing[*]}"
if ! $sudo_cmd apt-get update -qq >/dev/null 2>&1; then
  warn "apt-get update failed"
  exit 0
fi
if ! DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
  warn "apt-get install failed"
  exit 0
fi
exit 0
