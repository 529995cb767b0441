#!/usr/bin/env bash
# Installs the system tools the default test run uses when they are present:
# xboard and xvfb (for engine-tests/xboard_gui.rs), chromium and its
# WebDriver, chromedriver (for engine-tests/browser.rs). Tests that need a tool
# that is missing skip with a message; they never install anything.
#
# usage: scripts/install_test_tools.sh
# Needs root (or password-less sudo) and apt-get; otherwise says what it
# could not install and exits 0, so the tests run and skip.
set -uo pipefail

missing=()
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
{ command -v xboard >/dev/null 2>&1 || [ -x /usr/games/xboard ]; } || missing+=(xboard)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
if [ ${#missing[@]} -eq 0 ]; then
    echo "test tools: xboard, xvfb-run, chromium and chromedriver present"
    exit 0
fi

sudo=()
if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo=(sudo -n)
    else
        echo "test tools: not root and no password-less sudo; not installing ${missing[*]} (their tests will skip)"
        exit 0
    fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "test tools: no apt-get; not installing ${missing[*]} (their tests will skip)"
    exit 0
fi

echo "test tools: installing ${missing[*]} with apt-get ..."
log=$(mktemp "${TMPDIR:-/tmp}/install_test_tools.XXXXXX")
install() {
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q "${missing[@]}" >>"$log" 2>&1
}
# The package lists may be missing or stale: update once if the first try fails.
if ! install; then
    "${sudo[@]}" apt-get update -q >>"$log" 2>&1
    if ! install; then
        tail -n 3 "$log"
        echo "test tools: could not install ${missing[*]} (their tests will skip)"
    fi
fi
rm -f "$log"
exit 0
