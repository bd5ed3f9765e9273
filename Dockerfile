# syntax=docker/dockerfile:1
# Multi-stage build: compile web + server, then a slim non-root runtime image.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
# MALLOC_ARENA_MAX=2: glibc gives every thread that allocates (libvips' workers, libuv's pool) its own
# malloc arena, and freed image buffers stay behind in them; two arenas keep a process staging six
# 12 MP photos ~190 MB smaller (decision 020, bench/RESULTS.md). bench/memory.ts reads it from here.
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 MALLOC_ARENA_MAX=2
WORKDIR /app
RUN groupadd --system raumwerk && useradd --system --gid raumwerk --home /app raumwerk
COPY --from=build --chown=raumwerk:raumwerk /app/package.json ./
COPY --from=build --chown=raumwerk:raumwerk /app/node_modules ./node_modules
COPY --from=build --chown=raumwerk:raumwerk /app/dist ./dist
COPY --from=build --chown=raumwerk:raumwerk /app/server/src/db/migrations ./server/src/db/migrations
USER raumwerk
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Web process by default; run the worker with: node dist/server/src/worker.js
CMD ["node", "dist/server/src/main.js"]
