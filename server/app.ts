/** Builds the Fastify app (never listens): used by server/main.ts and by every API test. */
import fs from 'node:fs';
import path from 'node:path';
import querystring from 'node:querystring';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import qs from 'qs';
import { z } from 'zod';
import { Code, Message } from '../core/codes.js';
import { loginFirst } from '../core/login-first.js';
import { afterLoginPath } from '../core/routes.js';
import { siteNamespace, trustProxyOption, type Config } from './config.js';
import type { Database } from './db/client.js';
import type { Deps } from './deps.js';
import { followFreshness } from './http/freshness.js';
import { registerCsrf } from './http/csrf.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors.js';
import { healthRoutes } from './http/health.js';
import { registerInputGuard } from './http/input-guard.js';
import { Metrics } from './http/metrics.js';
import { registerRequestId, requestId } from './http/request-id.js';
import { OneLinePerRequest } from './http/request-log.js';
import { responseSerializer } from './http/serializer.js';
import {
  accountCentreRoutes,
  accountRoutes,
  accountAdminRoutes,
  profileRoutes,
  registerSessions,
  registrationRoutes,
  type SmsSender,
  setUserFigures,
  wechatBindingRoutes,
  wechatRoutes,
} from './modules/accounts/index.js';
import { addressRoutes } from './modules/addresses/index.js';
import {
  afterSaleAdminRoutes,
  afterSaleRoutes,
  checkoutRoutes,
  orderRoutes,
  orderAdminRoutes,
  stockHeldByOpenOrders,
  ORDER_PAYMENT,
  orderPayments,
  onOrderCompleted,
  onOrderRefunded,
  onOrderShipping,
} from './modules/orders/index.js';
import { checkBeforeShipping, releaseCodes, traceRoutes } from './modules/trace/index.js';
import { qualityRoutes, refuseStoppedBatches } from './modules/quality/index.js';
import {
  couponRoutes,
  creditRoutes,
  walletAdminRoutes,
  walletRoutes,
  RECHARGE_PAYMENT,
  REPAY_PAYMENT,
  rechargePayments,
  repayPayments,
} from './modules/wallet/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { payRoutes, registerPaymentKind } from './modules/pay/index.js';
import { cartRoutes, lineCountSql } from './modules/cart/index.js';
import {
  brandRoutes,
  catalogueRoutes,
  catalogueAdminRoutes,
  favoriteRoutes,
  goodsFileAdminRoutes,
  goodsIndexBuiltAt,
  onGoodsChanged,
  setStockHeld,
  taxonomyAdminRoutes,
} from './modules/catalogue/index.js';
import { memberRoutes } from './modules/member/index.js';
import { goodsListsRoutes } from './modules/goods-lists/index.js';
import { operatorRoutes, registerOperatorSessions } from './modules/operators/index.js';
import { adAdminRoutes, contentAdminRoutes, contentRoutes, drawingRoutes, helpRoutes, pageRenderer, shellAdminRoutes } from './modules/content/index.js';
import { activityPageAdminRoutes, activityPageRoutes } from './modules/activity-pages/index.js';
import { bundleAdminRoutes, promotionAdminRoutes, promotionRoutes } from './modules/promotions/index.js';
import { uploadRoutes } from './modules/uploads/index.js';
import { pointsRoutes, pointsAdminRoutes } from './modules/points/index.js';
import { lotteryRoutes, lotteryAdminRoutes } from './modules/lottery/index.js';
import { jobAdminRoutes } from './modules/jobs/index.js';
import { cannedReplyAdminRoutes, chatConnections, chatRoutes } from './modules/chat/index.js';
import { invoiceRoutes, invoiceAdminRoutes, issueOnCompletion, settleOnRefund } from './modules/invoices/index.js';
import { selfServiceRoutes, selfServiceAdminRoutes } from './modules/self-service/index.js';
import { purchaseListRoutes } from './modules/purchase-lists/index.js';
import { documentRoutes } from './modules/documents/index.js';
import { goodsNoticeRoutes, tellGoodsNotices } from './modules/goods-notices/index.js';

z.config(z.locales.zhCN());

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built web app; `WEB_DIST` points elsewhere (the end-to-end runs build into a folder of their own). */
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'web', 'dist');

/**
 * Query strings and forms: brackets make nested objects and arrays (qs). Most query strings are a few plain
 * pairs (`page=1`, `zone=qx`), which Node's own parser reads alike in a fifth of the time; anything with a
 * bracket or an escape goes to qs.
 */
const parseQuery = (text: string) =>
  text.includes('[') || text.includes('%') ? qs.parse(text, { depth: 5, arrayLimit: 200, parameterLimit: 1000 }) : querystring.parse(text);

export type BuildOptions = {
  config: Config;
  database: Database;
  sms?: SmsSender;
  logger?: FastifyServerOptions['logger'];
  /** What `/metrics` shows of this app; main.ts passes its own, whose jobs it times. */
  metrics?: Metrics;
};

/**
 * Answers of 1 KB or more go out compressed to browsers that accept it; answers made per request are sent once:
 * brotli 2, half the time of quality 4 for a few per cent more bytes (docs/decisions/029-compressed-once.md).
 * Requests are not taken compressed (no client of the site sends them so): no hook reads their encoding.
 * Every answer up to 1 MiB is compressed in one call on the serving thread: by default answers over 8 KiB on a
 * 2-core machine went through a stream to libuv's pool, whose machinery cost the thread more than compressing
 * (decision 031: the pool adds a hop, not a core).
 */
const COMPRESSION = {
  global: true,
  globalDecompression: false,
  threshold: 1024,
  syncThreshold: 1 << 20,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } },
};

/**
 * What modules lend each other against the direction of their imports: the cart's line count in the user
 * object (accounts), the units open orders hold (the console's goods), who settles each kind of gateway
 * payment (pay), and what an order's completion and refunds do to its invoice (orders/events.ts). Set once;
 * the same for every app.
 */
function wireModules() {
  setUserFigures({ cart: lineCountSql });
  setStockHeld(stockHeldByOpenOrders);
  registerPaymentKind(ORDER_PAYMENT, orderPayments);
  registerPaymentKind(RECHARGE_PAYMENT, rechargePayments);
  registerPaymentKind(REPAY_PAYMENT, repayPayments);
  // An order's invoice is issued as it completes and reversed as its money goes back, in the order's transaction.
  onOrderCompleted(issueOnCompletion);
  onOrderRefunded(settleOnRefund);
  // Shipping waits for the outbound check: every box of a line with trace codes scanned.
  onOrderShipping(checkBeforeShipping);
  // Nor does it ship units of a batch quality has locked or rejected.
  onOrderShipping(refuseStoppedBatches);
  // An order refunded before shipping gives its scanned codes back to the boxes, which stay in the warehouse.
  onOrderRefunded(releaseCodes);
  // Goods back in stock, put on sale or made cheaper tell the buyers waiting for it, in the write's transaction.
  onGoodsChanged(tellGoodsNotices);
}

/**
 * What operators' machinery sees of the app: an id on every answer and in its log lines (http/request-id.ts), the
 * metrics of its requests, database and modules (http/metrics.ts), and /healthz, /readyz and /metrics (http/health.ts).
 */
function registerOperations(app: FastifyInstance, { config, database }: Deps, redis: Redis | null, metrics: Metrics) {
  // Before any other hook, so that an answer any of them refuses carries the id too.
  registerRequestId(app);
  metrics.watch(app, { database, goodsIndexBuiltAt: () => goodsIndexBuiltAt(database.db), chatConnections });
  healthRoutes(app, { database, redis, metrics, metricsToken: config.METRICS_TOKEN });
}

/**
 * The app's Redis connection when REDIS_URL is set (rate limits; the chat opens its own). Its going away is said
 * once, and its return; meanwhile limits are counted per process (`skipOnError` of the rate limit).
 */
function connectRedis(app: FastifyInstance, url: string | undefined): Redis | null {
  if (!url) return null;
  const { log } = app;
  // A limit counted while Redis is away fails at once, rather than waiting for it, and the request goes on.
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  app.addHook('onClose', async () => void redis.disconnect());
  let down = false;
  redis.on('error', (err) => {
    if (!down) log.warn({ err }, 'Redis does not answer: rate limits are not shared until it does, chat events reach this process only');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.warn('Redis answers again');
    down = false;
  });
  return redis;
}

/**
 * The modules' routes that need the app's dependencies alone, in the order they are registered: the storefront's,
 * then the console's.
 */
const MODULE_ROUTES: ((scope: FastifyInstance, deps: Deps) => Promise<unknown>)[] = [
  contentRoutes,
  helpRoutes,
  catalogueRoutes,
  brandRoutes,
  favoriteRoutes,
  promotionRoutes,
  activityPageRoutes,
  cartRoutes,
  addressRoutes,
  checkoutRoutes,
  orderRoutes,
  afterSaleRoutes,
  payRoutes,
  walletRoutes,
  couponRoutes,
  creditRoutes,
  pointsRoutes,
  uploadRoutes,
  wechatRoutes,
  accountCentreRoutes,
  wechatBindingRoutes,
  memberRoutes,
  goodsListsRoutes,
  lotteryRoutes,
  chatRoutes,
  cannedReplyAdminRoutes,
  invoiceRoutes,
  documentRoutes,
  traceRoutes,
  qualityRoutes,
  selfServiceRoutes,
  purchaseListRoutes,
  goodsNoticeRoutes,
  operatorRoutes,
  jobAdminRoutes,
  orderAdminRoutes,
  afterSaleAdminRoutes,
  accountAdminRoutes,
  walletAdminRoutes,
  promotionAdminRoutes,
  bundleAdminRoutes,
  activityPageAdminRoutes,
  pointsAdminRoutes,
  lotteryAdminRoutes,
  invoiceAdminRoutes,
  selfServiceAdminRoutes,
  dashboardRoutes,
  catalogueAdminRoutes,
  goodsFileAdminRoutes,
  taxonomyAdminRoutes,
  contentAdminRoutes,
  adAdminRoutes,
  shellAdminRoutes,
];

export async function buildApp({ config, database, sms, logger, metrics = new Metrics() }: BuildOptions) {
  wireModules();
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'] },
    logController: new OneLinePerRequest(),
    genReqId: requestId,
    routerOptions: { querystringParser: parseQuery },
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names: anyone else could claim any address.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    frameworkErrors,
    clientErrorHandler,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.NODE_ENV !== 'production'));
  registerErrorHandling(app);
  registerInputGuard(app);

  const deps: Deps = { config, database };
  const redis = connectRedis(app, config.REDIS_URL);
  registerOperations(app, deps, redis, metrics);
  // A write that makes kept answers stale clears them in every process, this one included (http/freshness.ts).
  app.addHook('onClose', await followFreshness(database, app.log));

  // The built assets are compressed ahead of time and pass through as they are.
  await app.register(compress, COMPRESSION);
  await app.register(cookie, { secret: config.SESSION_SECRET });
  await app.register(formbody, { parser: parseQuery });
  await app.register(rateLimit, {
    global: false,
    skipOnError: true, // not refused because Redis, which counts the limits across processes, does not answer
    ...(redis ? { redis, nameSpace: `yct-rl-${siteNamespace(config)}-` } : {}),
    errorResponseBuilder: () => ({ statusCode: 429, code: Code.tooMany, message: Message.tooMany, data: null }),
  });
  // The API reference (docs/api.md, GET /api/docs) is generated from the routes' own Zod schemas.
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${config.PRODUCT_TITLE} API`, version: '1', description: 'Every answer is {code, message, data}; see DESIGN.md section 5.' },
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: 'any' } }),
    // Recursive schemas (category trees) carry an id and are emitted once as components.
    transformObject: createJsonSchemaTransformObject({ zodToJsonConfig: { unrepresentable: 'any' } }),
  });
  registerCsrf(app);
  registerSessions(app, database);
  registerOperatorSessions(app, database.db);

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  await app.register(async (scope) => {
    await accountRoutes(scope, deps);
    await registrationRoutes(scope, deps, sms);
    await profileRoutes(scope, deps, sms);
    await drawingRoutes(scope);
    for (const routes of MODULE_ROUTES) await routes(scope, deps);
  });

  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its assets (web/vite.config.ts).
      preCompressed: true,
      maxAge: '1y',
      immutable: true,
      setHeaders: (res, file) => {
        if (!file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'no-cache');
      },
    });
  }
  const indexHtml = hasWeb ? fs.readFileSync(path.join(webDist, 'index.html'), 'utf8') : null;
  const renderPage = indexHtml ? pageRenderer(database.db, indexHtml) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname.startsWith('/uploads/') || request.method !== 'GET') {
      return reply.status(404).send({ code: Code.notFound, message: Message.routeNotFound, data: null });
    }
    // A buyer logged in already has no use for the login page: on to where logging in would have led.
    if (request.session && /^\/login\/?$/i.test(pathname)) {
      return reply.redirect(afterLoginPath(new URLSearchParams(request.url.slice(pathname.length)).get('redirect')), 302);
    }
    // A guest has nothing to see on a page of the member frame: to the login page before the app asks for anything.
    const login = request.session ? null : loginFirst(pathname, request.url.slice(pathname.length));
    if (login) return reply.header('cache-control', 'no-cache').redirect(login, 302);
    if (!renderPage) {
      return reply.type('text/plain; charset=utf-8').status(503).send('网页尚未构建：请运行 npm run build');
    }
    // Every other path belongs to the single-page app, whose router shows /404 for unknown ones.
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await renderPage(pathname));
  });

  return app;
}
