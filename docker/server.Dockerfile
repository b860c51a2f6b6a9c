# Image of the MCP server; the build stamps its commit so /healthz reports v<semver>+<commit>.
FROM node:22-bookworm-slim
ARG SVC_BUILD_COMMIT=dev
ENV SVC_BUILD_COMMIT=${SVC_BUILD_COMMIT} NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
WORKDIR /app
COPY . .
RUN corepack enable && pnpm install --frozen-lockfile
EXPOSE 8080
CMD ["pnpm", "svc", "serve"]
