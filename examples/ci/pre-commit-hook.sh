#!/bin/sh
# secscan pre-commit hook: scans what is staged for this commit (the staged content, not the
# working tree) and blocks the commit when secscan finds anything at or above high severity.
#
# Install:   cp examples/ci/pre-commit-hook.sh .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit
#            (or run this script as a step of your hook manager)
# Skip once: git commit --no-verify
# Settings, from the environment:
#   SECSCAN          how to run the CLI; default: node_modules/.bin/secscan, else secscan on the
#                    PATH, else npx --yes @secscan/cli
#   SECSCAN_FAIL_ON  the severity that blocks a commit (critical, high, medium, low, info); default high
set -eu

root=$(git rev-parse --show-toplevel)
cd "$root"

if [ -z "${SECSCAN:-}" ]; then
  if [ -x "$root/node_modules/.bin/secscan" ]; then
    SECSCAN="$root/node_modules/.bin/secscan"
  elif command -v secscan >/dev/null 2>&1; then
    SECSCAN=secscan
  else
    SECSCAN="npx --yes @secscan/cli"
  fi
fi

# Only deletions staged, or nothing: there is no content to scan.
if [ -z "$(git diff --cached --name-only --diff-filter=ACMR)" ]; then
  exit 0
fi

# Copy the staged versions of the added and changed files into a temporary tree: what is scanned
# is exactly what will be committed, and paths in the report read as in the repository.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/secscan-pre-commit.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' HUP INT TERM
git diff --cached --name-only --diff-filter=ACMR -z | git checkout-index --stdin -z --prefix="$tmp/"

cd "$tmp"
status=0
# $SECSCAN is unquoted on purpose: it may be a command with arguments (npx --yes @secscan/cli).
$SECSCAN scan . --fail-on "${SECSCAN_FAIL_ON:-high}" || status=$?

if [ "$status" -eq 1 ]; then
  echo "secscan: commit blocked by the findings above. Fix them, or mark a false positive with a" >&2
  echo "'secscan-ignore <rule-id>: <reason>' comment, or skip this check once with git commit --no-verify." >&2
elif [ "$status" -ne 0 ]; then
  echo "secscan: the scan did not complete (exit code $status); commit blocked." >&2
fi
exit "$status"
