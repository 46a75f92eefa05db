# syntax=docker/dockerfile:1
# One remote (mf-*) as its own static image, so a team ships and rolls back its remote on its own:
#   docker build -f infra/deploy/remote.Dockerfile --build-arg REMOTE=mf-tracking \
#     -t registry.example/portal-mf-tracking:1.4.0 .
# The same build's dist/ can instead be copied to object storage behind the CDN (README "Deploying").
# Either way the environment's remotes.json (a ConfigMap in Kubernetes) names the manifest URL the
# shell loads: re-pointing it there rolls the remote out or back.

ARG NODE_IMAGE=node:22.12.0-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.27.3-alpine

# What `npm ci` reads, found from the root package.json's workspaces (infra/build/workspaces.mjs):
# no workspace is named here, so a new remote is built by this file as it is.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN node infra/build/workspaces.mjs manifests /manifests

FROM ${NODE_IMAGE} AS build
ARG REMOTE
WORKDIR /app
COPY --from=manifests /manifests ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
# Fails early on a missing or unknown REMOTE (build-all.mjs names the known ones).
RUN test -n "${REMOTE}" && NODE_ENV=production node infra/build/build-all.mjs "${REMOTE}" \
    && mkdir -p /out && cp -a "${REMOTE}/dist/." /out/

FROM ${NGINX_IMAGE} AS runtime
# Content-hashed files are cached for a year, the manifest, remoteEntry and remote.json are re-checked
# on every load (the same rules as infra/gateway/cache-headers.ts).
COPY infra/deploy/remote-nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /out /usr/share/nginx/html
# The image's unprivileged user (uid 101) serves on 8080; nothing is written but nginx's temp files.
USER 101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/mf-manifest.json"]
CMD ["nginx", "-g", "daemon off;"]
