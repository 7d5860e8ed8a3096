/**
 * Builds the Fastify app as one unit: plugins first (security headers, cookies, bodies, rate
 * limits, the envelope, sessions), then the modules under /api/v1, then the web app with its
 * history-mode fallback. main.ts only starts it; tests build it on a temporary database and
 * call app.inject.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { AppContext } from './context';
import { registerEnvelope, sendError } from './http/envelope';
import { registerSessions } from './http/session';
import { PageAnswer, pageEncodingFor } from './http/page';
import { registerRequestLog } from './http/request-log';
import './http/types';
import { OutboxDispatcher } from './outbox';
import { Engine } from './engine/engine';
import { startEngineOwnership } from './cluster';
import { registerRealtime } from './realtime/server';
import { RedisConnections } from './redis/connections';
import { InstanceNotices } from './redis/notices';
import { IndexPrices } from './prices/index-price';
import { createLeadership } from './cluster/leader';
import { relayIndexPrices } from './cluster/index-relay';
import { Scheduler } from './scheduler/scheduler';
import { CHECKPOINT_JOB_KIND, writeCheckpoint } from './ledger/checkpoint';
import { accountModule } from './modules/account';
import { balanceModule } from './modules/balance';
import { contentModule } from './modules/content';
import { convertModule } from './modules/convert';
import { exchangeModule } from './modules/exchange';
import { helpdeskModule } from './modules/helpdesk';
import { homeModule } from './modules/home';
import { identityModule } from './modules/identity';
import { marketModule } from './modules/market';
import { derivedSymbols } from './modules/market/service';
import { notificationModule } from './modules/notification';
import { operatorModule } from './modules/operator';
import { siteModule } from './modules/site';
import { rewardsModule } from './modules/rewards';
import { securityModule } from './modules/security';
import { chainModule } from './modules/chain';
import { walletsModule } from './modules/wallets';
import { withdrawModule } from './modules/withdraw';
import { futuresModule } from './modules/futures';
import { boptionModule } from './modules/boption';
import type { AppModule } from './modules/module';

// The contract's schemas are zod/mini, which loads no locale: without one, every field of an
// invalid-fields answer would read "Invalid input". Configured when this module loads, so that
// the English texts hold from the first request and for checks made outside a request too.
z.config(z.locales.en());

export const API_PREFIX = '/api/v1';
/** Bodies above this are refused with 413: no call of the API needs more (uploads set their own). */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** Answers below this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
/** The instance notice of a change to the markets' terms (the operator API's, server/engine/market-config.ts). */
const MARKET_CONFIG_NOTICE = 'market-config';
/** The route @fastify/static registers for the web app's files (wildcard mode, prefix /). */
const WEB_APP_FILES_ROUTE = '/*';

/** Every area of the server (ARCHITECTURE.md): each wires itself; the order is registration order. */
const MODULES: AppModule[] = [accountModule, siteModule, marketModule, homeModule, balanceModule, contentModule, notificationModule, operatorModule, convertModule, exchangeModule, helpdeskModule, identityModule, rewardsModule, securityModule, chainModule, walletsModule, withdrawModule, futuresModule, boptionModule];

export async function buildApp(context: AppContext, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: context.config.logLevel } : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: context.config.trustedProxies.length > 0 ? context.config.trustedProxies : false,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 200 },
  });
  context.log = app.log;
  app.decorate('context', context);
  app.setValidatorCompiler(validatorCompiler);
  registerEnvelope(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        // The help desk may live elsewhere (the site's extLink, a user's helpDeskLink: operator
        // settings that change at run time) and opens in a sandboxed frame over the page. Plain
        // http only where the platform itself is served without TLS (a local trial, the tests).
        frameSrc: ["'self'", 'https:', ...(context.config.secureCookies ? [] : ['http:'])],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // API answers above a packet are compressed as they are sent (brotli at a fast level, else gzip);
  // the web app's files are compressed once at build (scripts/lib/precompress.ts) and sent as they
  // are stored. Registered before any route, so that it sees every route.
  // The web app's files (the static wildcard route) go out as the build stored them, twin or file:
  // this hook runs before the plugin's own and takes that route out of compression per request.
  app.addHook('onRoute', (route) => {
    if (route.url === WEB_APP_FILES_ROUTE) route.compress = false;
  });
  await app.register(compress, { global: true, threshold: COMPRESS_MIN_BYTES, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  // What several instances share lives in Redis when REDIS_URL is set (server/redis); else in this process.
  const redis = context.config.redisUrl ? await RedisConnections.open(context.config.redisUrl, context.config.instanceId, (error) => app.log.warn({ err: error }, 'Redis')) : null;
  app.decorate('redis', redis);
  // Counted in Redis when there is one, so that a client's limit is one across every instance. While
  // Redis does not answer, calls go through unlimited rather than all failing (skipOnError): the
  // sign-in throttle, in the database, still guards the accounts.
  await app.register(rateLimit, { global: false, ...(redis ? { redis: redis.commands, nameSpace: 'rate-limit:', skipOnError: true } : {}) });
  // A POST without a body is an empty object (spec 7: "A POST with no body sends an empty object").
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
  });

  app.decorate('sessions', registerSessions(app));
  // Off unless E2E_REQUEST_LOG=1: the end-to-end suite counts the hub's requests on the server.
  registerRequestLog(app);
  app.decorate('outbox', new OutboxDispatcher(context));
  // The singletons run on one leader across instances (server/cluster/leader.ts); alone (SQLite),
  // this instance leads as soon as this resolves.
  const leadership = createLeadership(context.config.databaseUrl, app.log);
  await leadership.start();
  app.decorate('leadership', leadership);
  // The engine rebuilds its books from the database before any call can reach them.
  const engine = new Engine(context);
  await engine.start();
  // On PostgreSQL, each market's book is held by one instance and the others forward to it (server/cluster).
  const ownership = await startEngineOwnership(app, engine);
  app.decorate('engine', engine);
  // The markets' terms the engine keeps in memory: an operator's change through one instance is read
  // again by the others (server/redis/notices.ts).
  if (redis) {
    const notices = await InstanceNotices.open(redis, (error) => app.log.error({ err: error }, 'an instance notice failed'));
    engine.config.onChange(() => notices.publish(MARKET_CONFIG_NOTICE));
    notices.on(MARKET_CONFIG_NOTICE, () => void engine.reloadConfig().catch((error: unknown) => app.log.error({ err: error }, 'reloading the markets\' terms failed')));
  }
  // One index price per market, read by everything that pays users (server/prices).
  // In a cluster the leader samples every market's book, most of them held by other instances.
  const priceSource = ownership ? { symbols: () => engine.symbols(), bestPrices: (id: number) => engine.bestPrices(id), refreshBests: () => engine.refreshRemoteBests() } : engine;
  const prices = new IndexPrices(priceSource, context.now, (error) => app.log.error({ err: error }, 'an index price listener failed'));
  prices.setDerived(await derivedSymbols(context.db));
  const stopSampling = leadership.run('index price sampling', prices);
  // The leader's rounds reach the other instances through Redis (server/cluster/index-relay.ts).
  const stopRelay = redis ? relayIndexPrices(prices, leadership, { commands: redis.commands, subscriber: await redis.subscriber() }, app.log) : undefined;
  app.decorate('prices', prices);
  // Durable jobs: modules register their kinds as they are registered; main.ts starts the loop.
  app.decorate('scheduler', new Scheduler(context));
  app.scheduler.every(CHECKPOINT_JOB_KIND, context.config.checkpointIntervalMs, async (trx, now) => void (await writeCheckpoint(trx, now)));
  // Sockets share app.server, so they work under app.listen in main.ts and in tests alike.
  app.decorate('realtime', await registerRealtime(app, { engine, prices, redis }));
  // Open tabs read the symbol list again when an operator changed the markets (through the Redis
  // adapter, every instance's sockets hear the instance that took the change).
  engine.config.onChange(() => app.realtime.emit('markets', { at: context.now() }));

  await app.register(
    async (api) => {
      for (const module of MODULES) await module.register(api);
    },
    { prefix: API_PREFIX },
  );

  for (const module of MODULES) await module.registerRoot?.(app);
  registerWebApp(app, context.config.webRoot);
  app.addHook('onClose', async () => {
    app.outbox.stop();
    await stopSampling();
    stopRelay?.();
    await app.scheduler.stop();
    await leadership.close();
    // Last: everything above may still publish or unsubscribe.
    await redis?.close();
  });
  return app;
}

/**
 * Serves the built app. Page navigations (GET, accepting HTML, no file extension) get
 * index.html so that /en/Quotes or /zh-CHT/assets/assetDeposit load the app; a missing script,
 * style or image gets a 404, never HTML; an unknown /api path gets the envelope.
 */
function registerWebApp(app: FastifyInstance, webRoot: string | undefined): void {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasWebApp = indexFile !== undefined && fs.existsSync(indexFile);
  const pageAnswer = hasWebApp && webRoot ? new PageAnswer(webRoot) : null;
  if (hasWebApp && webRoot) {
    // wildcard: a redeployed build's new files are served without a restart. Only paths with a file
    // extension are files; every other path falls through to the not-found handler below.
    // preCompressed: a file's .br or .gz twin from the build goes out when the browser accepts it.
    void app.register(fastifyStatic, { root: webRoot, wildcard: true, index: false, serve: true, cacheControl: false, preCompressed: true,
      allowedPath: (pathname) => path.posix.extname(pathname) !== '',
      setHeaders(response, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        response.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL answers in several encodings: caches must key on what the browser accepts.
        response.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname.startsWith('/api/');
    const isPageNavigation =
      request.method === 'GET' && !isApi && !path.extname(pathname) && String(request.headers.accept ?? '').includes('text/html');
    if (hasWebApp && isPageNavigation) {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      // With the page's catalog preloaded when the build lists its catalogs; else as stored (and precompressed).
      const page = pageAnswer?.pageFor(pathname, pageEncodingFor(request.headers['accept-encoding']));
      if (!page) return reply.sendFile('index.html');
      reply.header('vary', 'Accept-Encoding');
      if (page.encoding !== 'identity') reply.header('content-encoding', page.encoding);
      return reply.send(page.body);
    }
    return sendError(request, reply, 404, 'notFound');
  });
}
