#!/usr/bin/env bash
# The action's first step: make sure $GITHUB_ACTION_PATH/dist/bin.js exists. A tag fetched by
# `uses:` is a plain checkout without dist/ (it is not committed), so the CLI is built there:
# `npm ci` (without install scripts: the build needs none) and `npm run build`. A checkout that
# already has dist/ (a second use in the same job, or a tree that ships it) is used as it is.
set -euo pipefail

if [ -z "${GITHUB_ACTION_PATH:-}" ]; then
  echo "::error title=agent-config::GITHUB_ACTION_PATH is not set; this script runs as a step of action.yml" >&2
  exit 2
fi
cd "$GITHUB_ACTION_PATH"

major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 20 ]; then
  found=$(node --version 2>/dev/null || echo "no node on PATH")
  echo "::error title=agent-config::Node.js 20 or later is needed (found: $found); add actions/setup-node@v5 before this action" >&2
  exit 2
fi

if [ -f dist/bin.js ]; then
  echo "agent-config: using the CLI built in $GITHUB_ACTION_PATH/dist"
  exit 0
fi

echo "::group::Build agent-config (npm ci, npm run build)"
if [ ! -d node_modules ]; then
  npm ci --ignore-scripts --no-audit --no-fund
fi
npm run build
echo "::endgroup::"
test -f dist/bin.js
