# Image of the dashboard: a workspace pruned to @svc/dashboard, built by Next.js, served by `next start` as `node`.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH NEXT_TELEMETRY_DISABLED=1
RUN corepack enable
WORKDIR /repo

FROM base AS prune
COPY . .
RUN pnpm dlx turbo@2 prune @svc/dashboard --docker

FROM base AS build
COPY --from=prune /repo/out/json/ .
RUN pnpm install --frozen-lockfile
COPY --from=prune /repo/out/full/ .
RUN pnpm --filter @svc/dashboard build
COPY docker/healthcheck.mjs docker/healthcheck.mjs

FROM ${NODE_IMAGE} AS runtime
ARG SVC_BUILD_COMMIT=dev
ENV SVC_BUILD_COMMIT=${SVC_BUILD_COMMIT} NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /repo /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "docker/healthcheck.mjs", "http://127.0.0.1:3000/healthz"]
WORKDIR /app/apps/dashboard
CMD ["node_modules/.bin/next", "start", "-H", "0.0.0.0", "-p", "3000", "--keepAliveTimeout", "65000"]
