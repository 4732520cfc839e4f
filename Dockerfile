# Production image: builds the app and runs the production server (server/start.mjs: Express +
# the Remix build; GET /healthz and /readyz). Data lives in PostgreSQL (DATABASE_URL); uploaded
# images on a mounted volume at /data (or S3 when configured). Behind a load balancer, set
# TRUSTED_PROXIES to its address(es) so X-Forwarded-For is believed, and PUBLIC_URL.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx remix build && node server/precompress.mjs && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data SKIP_BUILD=1
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/server ./server
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/app ./app
COPY --from=build /app/tsconfig.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Healthy = ready: the database answers and every migration is applied (GET /readyz). The start
# period covers migrations (and the demo seed unless SEED_DEMO=0) on first start.
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 CMD ["node", "server/healthcheck.mjs"]
# SEED_DEMO=0 in production to skip the demo catalogue.
CMD ["node", "server/start.mjs"]
