#!/usr/bin/env bash
# Runs the real-editor test layer (test/editor): sets up the tools (scripts/editor-setup.sh, about
# a second when already done), packages the extension, compiles the tests and runs them with
# Node's test runner. Screenshots land in out/editor-screenshots/. See test/editor/README.md.
#
#   bash scripts/test-editor.sh                 everything
#   bash scripts/test-editor.sh --skip-setup    trust .tools/ as it is
#   bash scripts/test-editor.sh --skip-package  use the dist/test-automation-service.vsix there is
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

skip_setup=0 skip_package=0
for arg in "$@"; do
  case $arg in
    --skip-setup) skip_setup=1 ;;
    --skip-package) skip_package=1 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

step() {
  local title=$1 started=$SECONDS
  shift
  echo
  echo "[test-editor] $title: $*"
  if ! "$@" </dev/null; then
    echo "[test-editor] $title failed after $((SECONDS - started)) s" >&2
    exit 1
  fi
  echo "[test-editor] $title: done in $((SECONDS - started)) s"
}

((skip_setup)) || step setup bash scripts/editor-setup.sh
((skip_package)) || step package npm run --silent package
step compile npx tsc -p tsconfig.json

shopt -s nullglob
tests=(out/test/editor/*.test.js)
if ((${#tests[@]} == 0)); then
  echo "[test-editor] no test files in out/test/editor" >&2
  exit 1
fi
# Fresh screenshots for this run (the tests only add to the folder).
rm -rf out/editor-screenshots
echo "[test-editor] screenshots (and, on failure, the workbench's logs) go to $PWD/out/editor-screenshots"
step test node --enable-source-maps --test "${tests[@]}"
