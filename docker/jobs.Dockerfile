# Image of the jobs worker (`pnpm jobs`): a workspace pruned to @svc/jobs, run from source by tsx as `node`.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH
RUN corepack enable
WORKDIR /repo

FROM base AS prune
COPY . .
RUN pnpm dlx turbo@2 prune @svc/jobs --docker

FROM base AS install
COPY --from=prune /repo/out/json/ .
RUN pnpm install --frozen-lockfile
COPY --from=prune /repo/out/full/ .
COPY docker/healthcheck.mjs docker/healthcheck.mjs

FROM ${NODE_IMAGE} AS runtime
ARG SVC_BUILD_COMMIT=dev
ENV SVC_BUILD_COMMIT=${SVC_BUILD_COMMIT} NODE_ENV=production
WORKDIR /app
COPY --from=install --chown=node:node /repo /app
# BACKUP_DIR's mount point in compose: an empty named volume takes its owner from the image's directory.
RUN mkdir -p /var/lib/svc/backups && chown node:node /var/lib/svc/backups
USER node
# Its counters (the job and backup alarms) for Prometheus; JOBS_METRICS_HOST=0.0.0.0 in docker/env/jobs.env.
EXPOSE 9464
# Healthy while the database that holds its queue answers.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "docker/healthcheck.mjs", "--database"]
CMD ["node_modules/.bin/tsx", "apps/jobs/src/main.ts"]
