# MedContacts in one container: the bot, the API and the console (README "Docker").
# test/scripts/dockerfile.test.ts runs these build steps by hand and starts what the final stage copies.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# The dependencies first: a change to the code alone reuses this layer.
COPY package.json package-lock.json ./
# Fixes to dependencies that upstream has not released yet, applied by npm ci's postinstall (patch-package).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# i18next (opening_hours' translations) names TypeScript as an optional peer, so npm keeps the dev
# compiler as "devOptional"; nothing at run time loads it.
RUN npm prune --omit=dev --no-audit --no-fund && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver

FROM node:24-bookworm-slim
# pg_dump backs up an external database; it must be the server's major version or newer.
ARG POSTGRES_CLIENT_MAJOR=17
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends "postgresql-client-${POSTGRES_CLIENT_MAJOR}" \
 && rm -rf /var/lib/apt/lists/*
# A young generation big enough for a burst of updates in flight: they die young instead of being
# promoted and collected again (a fifth less CPU per answer under load).
ENV PORT=3000 \
    DATA_DIR=/data \
    NODE_OPTIONS=--max-semi-space-size=64
# The embedded database and the backups live here; the image's own files stay read-only to the app.
RUN mkdir -p /data && chown node:node /data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/console/dist ./console/dist
USER node
VOLUME ["/data"]
EXPOSE 3000
# The first start loads the cities gazetteer (a minute on a slow machine) before it listens. Liveness: a
# database outage, which a restart does not mend, leaves the container healthy.
HEALTHCHECK --interval=30s --timeout=5s --start-period=2m --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/live`).then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/scripts/start.js"]
