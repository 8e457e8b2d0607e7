#!/usr/bin/env bash
# Installs the Debian packages the project needs when they are missing:
#   chromium    the Playwright suites' browser (Playwright's own browser download cannot work here);
#   bubblewrap  the local MCP runner's sandbox (`bwrap`);
#   slirp4netns, nftables, iproute2  the sandbox's own network: outbound internet through
#               user-mode networking, host loopback and private ranges rejected (`ip netns`, `nft`);
#   cfn-lint    the infra tests' CloudFormation linter (a Python package): Debian's package where the
#               release has one (bookworm has none), else pip; without either the lint test is skipped
#               and says so (see docs/decisions.md).
# Usage: ensure-system-packages.sh [package...]   (default: all of the above; or set
# ENSURE_SYSTEM_PACKAGES="bubblewrap slirp4netns nftables iproute2" for what `npm start` needs). Never fails: without apt (or
# root) it warns and continues, and whatever needs a missing package says so itself.
set -uo pipefail

if [ "$#" -eq 0 ]; then
  # shellcheck disable=SC2206
  set -- ${ENSURE_SYSTEM_PACKAGES:-chromium bubblewrap slirp4netns nftables iproute2 cfn-lint}
fi

command_for() {
  case "$1" in
    bubblewrap) echo bwrap ;;
    nftables) echo nft ;;
    iproute2) echo ip ;;
    *) echo "$1" ;;
  esac
}

has_cfn_lint() { command -v cfn-lint >/dev/null 2>&1 || python3 -m cfnlint --version >/dev/null 2>&1; }

missing=()
want_cfn_lint=false
for package in "$@"; do
  if [ "$package" = cfn-lint ]; then
    has_cfn_lint || want_cfn_lint=true
    continue
  fi
  command -v "$(command_for "$package")" >/dev/null 2>&1 || missing+=("$package")
done
if $want_cfn_lint && command -v apt-cache >/dev/null 2>&1 && apt-cache show cfn-lint >/dev/null 2>&1; then
  missing+=(cfn-lint)
  want_cfn_lint=false
fi
# Not a Debian package here: pip (where PyPI is reachable; at once refused where it is not).
if $want_cfn_lint && ! python3 -m pip install --quiet --disable-pip-version-check --retries 0 --timeout 15 cfn-lint >/dev/null 2>&1; then
  echo "warning: could not install cfn-lint (no Debian package, pip failed); the infra lint test will be skipped" >&2
fi
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
