# syntax=docker/dockerfile:1
# metacatalog: multi-stage build on Node 22 LTS; runs as the unprivileged `node` user.
#
#   docker build -t metacatalog .
#   docker build --secret id=ca,src=/path/to/proxy-ca.pem -t metacatalog .   # behind a TLS-intercepting proxy
#
# The base image is pinned by digest, so a build gets the same bytes until the pin is moved on purpose:
# `scripts/pin-base-image.sh` looks up the tag's current digest and rewrites NODE_IMAGE below (run it to take
# Debian and Node security fixes). `--build-arg NODE_IMAGE=…` builds on another (e.g. a mirror's copy).
ARG NODE_IMAGE=node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The proxy's CA, if given, is a BuildKit secret: trusted by npm for this step only, never in a layer.
# npm's download cache is a cache mount: a rebuild after a lock file change fetches only what changed.
RUN --mount=type=secret,id=ca,required=false \
    --mount=type=cache,target=/root/.npm,sharing=locked \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/build.mjs scripts/prune-dist.mjs ./scripts/
COPY src ./src
COPY migrations ./migrations
COPY seeds ./seeds
COPY web ./web
COPY schema.graphql ./
RUN npm run build && npm prune --omit=dev

FROM ${NODE_IMAGE}
ARG NODE_IMAGE
# What `docker build` cannot know: pass --build-arg REVISION=$(git rev-parse HEAD) CREATED=$(date -u +%FT%TZ).
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
LABEL org.opencontainers.image.title="metacatalog" \
      org.opencontainers.image.description="One GraphQL catalog for a cloud's metadata: definitions, traits, tags and property discovery" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.base.name="${NODE_IMAGE}"
# Serving the network, identity comes from Keystone: the container does not start until KEYSTONE_URL and the
# service credentials are set (or AUTH_MODE=headers with AUTH_PROXY_SECRET / AUTH_TRUSTED_PROXIES, or jwt).
# /metrics is off until METRICS_TOKEN (or METRICS=public) is set.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000 \
    DATA_DIR=/data \
    AUTH_MODE=keystone \
    METRICS=off
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY bin ./bin
COPY seeds ./seeds
RUN mkdir -p /data && chown node:node /data
USER node
# The embedded database lives here when DATABASE_URL is unset; mount a volume to keep it.
VOLUME ["/data"]
EXPOSE 4000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# glibc's malloc with fixed thresholds gives freed memory back to the system: else what V8's optimizing compiler
# (TurboFan) took to compile the embedded database's WebAssembly stayed in malloc's arenas for good (docs/operations.md, Memory).
ENV MALLOC_TRIM_THRESHOLD_=131072 MALLOC_MMAP_THRESHOLD_=131072
# A young generation of at most 3 × 4 MB: far less memory under load, no measurable loss of throughput (docs/operations.md, Memory).
CMD ["node", "--max-semi-space-size=4", "bin/metacatalog.js", "serve"]
