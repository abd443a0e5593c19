#!/usr/bin/env bash
# The GitHub Action's first step (action.yml): finds or builds `shipyard`, and names it.
#
# SHIPYARD_ACTION_USE_INSTALLED=true: the `shipyard` already on PATH. Otherwise (false, the
# default): builds it from this checkout, the action's own, with `swift build -c release
# --product shipyard`, having first installed the C libraries it links (README, "Install") when
# any is missing: with apt-get on Linux, with brew on macOS.
# Writes `shipyard-path=<path>` to $GITHUB_OUTPUT and, for a build, its folder to $GITHUB_PATH
# (so later steps can run `shipyard`), when Actions sets them; prints the path.
set -euo pipefail

# README's build-from-source list for Debian and Ubuntu: Package.swift's apt providers and
# pkg-config. A test checks that the three agree.
debian_packages=(pkg-config zlib1g-dev libdeflate-dev libbz2-dev liblzma-dev libssl-dev
  libsodium-dev libcurl4-openssl-dev libpng-dev libjpeg-dev libtiff-dev)
# README's list for macOS.
brew_formulae=(pkg-config libdeflate xz openssl@3 libsodium)

fail() {
  echo "shipyard action: $*" >&2
  exit 1
}

# Installs the packages of the list for this OS that are missing, if it has a package manager.
install_libraries() {
  local missing=() package
  case "$(uname -s)" in
  Linux)
    command -v apt-get >/dev/null || {
      echo "shipyard action: no apt-get here: the build needs ${debian_packages[*]}" \
        "or their equivalents" >&2
      return 0
    }
    for package in "${debian_packages[@]}"; do
      dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q ' installed$' \
        || missing+=("$package")
    done
    [ ${#missing[@]} -gt 0 ] || return 0
    echo "shipyard action: installing ${missing[*]}" >&2
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo -n)
    ${sudo[@]+"${sudo[@]}"} apt-get update -qq >&2
    ${sudo[@]+"${sudo[@]}"} env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    ;;
  Darwin)
    command -v brew >/dev/null || {
      echo "shipyard action: no brew here: the build needs ${brew_formulae[*]}" >&2
      return 0
    }
    for package in "${brew_formulae[@]}"; do
      brew list --versions "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    [ ${#missing[@]} -gt 0 ] || return 0
    echo "shipyard action: installing ${missing[*]}" >&2
    HOMEBREW_NO_AUTO_UPDATE=1 brew install "${missing[@]}" >&2
    ;;
  esac
}

case "${SHIPYARD_ACTION_USE_INSTALLED:-false}" in
true)
  shipyard=$(command -v shipyard) \
    || fail "use-installed is true, but no shipyard is on PATH (PATH=$PATH)"
  ;;
false)
  command -v swift >/dev/null \
    || fail "no swift on PATH to build shipyard with: install a Swift 6.2 or later toolchain" \
      "in an earlier step, or put shipyard on PATH and set use-installed: true"
  install_libraries
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  echo "shipyard action: swift build -c release --product shipyard (in $root)" >&2
  (cd "$root" && swift build -c release --product shipyard >&2)
  folder=$(cd "$root" && swift build -c release --show-bin-path)
  shipyard="$folder/shipyard"
  [ -x "$shipyard" ] || fail "swift build made no $shipyard"
  ;;
*)
  fail "use-installed must be true or false, not '$SHIPYARD_ACTION_USE_INSTALLED'"
  ;;
esac

case "$shipyard" in
*$'\n'*) fail "the path of shipyard holds a line break: $shipyard" ;;
esac
if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "shipyard-path=$shipyard" >>"$GITHUB_OUTPUT"; fi
if [ -n "${GITHUB_PATH:-}" ] && [ -n "${folder:-}" ]; then echo "$folder" >>"$GITHUB_PATH"; fi
echo "$shipyard"
