# Image of the MCP server: a workspace pruned to it (turbo prune), its TypeScript bundled (`pnpm build`)
# and run as `node`, with the build commit stamped so /healthz reports v<semver>+<commit>.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH
RUN corepack enable
WORKDIR /repo

# Only the server and the workspace packages it imports, with a lockfile cut to them.
FROM base AS prune
COPY . .
RUN pnpm dlx turbo@2 prune @svc/mcp-server --docker

# Dependencies first (cached while only sources change), then the sources and their bundle. The
# bundle imports the dependencies where the install put them (paths relative to it, so the copy to
# /app keeps them), and the install keeps tsx, which bin/svc.mjs falls back to should the bundle not
# match the sources it was built from.
FROM base AS install
COPY --from=prune /repo/out/json/ .
RUN pnpm install --frozen-lockfile
COPY --from=prune /repo/out/full/ .
RUN pnpm --filter @svc/mcp-server build
COPY docker/healthcheck.mjs docker/healthcheck.mjs

FROM ${NODE_IMAGE} AS runtime
ARG SVC_BUILD_COMMIT=dev
ENV SVC_BUILD_COMMIT=${SVC_BUILD_COMMIT} NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=install --chown=node:node /repo /app
# The embedded default's data, and BACKUP_DIR's mount point in compose: an empty named volume takes
# its owner from the image's directory, so `node` can write to it.
RUN mkdir -p /data /var/lib/svc/backups && chown node:node /data /var/lib/svc/backups
USER node
EXPOSE 8080
# Readiness (the database answers), the same probe the orchestrator and compose wait on.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "docker/healthcheck.mjs", "http://127.0.0.1:8080/readyz"]
CMD ["node", "apps/mcp-server/bin/svc.mjs", "serve"]
