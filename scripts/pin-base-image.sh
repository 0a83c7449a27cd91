#!/usr/bin/env bash
# Moves the Dockerfile's base image pin (ARG NODE_IMAGE=tag@sha256:…) to the current digest of its tag, or of the
# tag given: `scripts/pin-base-image.sh [node:22-bookworm-slim]`. The digest is that of the multi-platform
# index, so the pin holds on amd64 and arm64 alike. Needs `docker buildx` or `crane`, and the registry.
set -euo pipefail
cd "$(dirname "$0")/.."

current="$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile)"
tag="${1:-${current%@*}}"
if docker buildx version >/dev/null 2>&1; then
  digest="$(docker buildx imagetools inspect "$tag" --format '{{.Manifest.Digest}}')"
elif command -v crane >/dev/null; then
  digest="$(crane digest "$tag")"
else
  echo "needs docker buildx or crane to look up the digest of $tag" >&2
  exit 1
fi
if ! [[ "$digest" =~ ^sha256:[0-9a-f]{64}$ ]]; then
  echo "unexpected digest for $tag: $digest" >&2
  exit 1
fi
sed -i "s|^ARG NODE_IMAGE=.*|ARG NODE_IMAGE=${tag}@${digest}|" Dockerfile
echo "Dockerfile: NODE_IMAGE=${tag}@${digest} (was ${current})"
