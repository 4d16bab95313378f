#!/bin/sh
# Worked example: an agent hook that deletes a branch only after a person confirmed it.
#
#   docs/examples/stage-and-claim.sh feature/old-experiment
#
# 1. stage   — the hook records the exact action and object and gets a token;
# 2. confirm — a person, at a terminal, runs `npx --no agent-config confirm <token>`, reads the action
#              and object, and types the token's last four characters (or declines it);
# 3. claim   — the hook claims the token; exit 0 means "execute now", and is answered to
#              exactly one caller, ever. Then, and only then, the hook runs the action.
#
# AGENT_CONFIG overrides how agent-config is called (default: `npx --no agent-config`, the
# repository's own install: plain `npx` would fetch whatever the registry holds under that name);
# POLL_SECONDS sets how often the hook asks (default 2).
set -eu

branch=${1:?usage: stage-and-claim.sh BRANCH}
ac=${AGENT_CONFIG:-npx --no agent-config}
poll=${POLL_SECONDS:-2}

# stdout of `stage` is the token alone; the surface for people goes to stderr.
token=$($ac stage --action delete-branch --object "$branch" --source "hook:stage-and-claim")
echo "stage-and-claim: waiting for a person to run: npx --no agent-config confirm $token" >&2

while :; do
  if answer=$($ac claim "$token"); then
    # execute: the token hashes action and object, so the confirmed object is this $branch.
    git branch -D -- "$branch"
    echo "stage-and-claim: deleted $branch (confirmed stage $token)" >&2
    exit 0
  else
    status=$?
  fi
  code=${answer%%:*}
  case $code in
    not-confirmed) sleep "$poll" ;;   # still waiting for the person
    *)
      # declined, expired, already-claimed, tampered, malformed …: never run the action.
      echo "stage-and-claim: not deleting $branch — ${answer:-agent-config exited $status}" >&2
      exit 1
      ;;
  esac
done
