import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppModule } from './app.module.js';
import { accessLogObserver } from './bugzilla/access-log.js';
import { observeAnsweredRequests } from './bugzilla/answered-requests.js';
import { applicationLogger } from './bugzilla/log-output.js';
import { PinoNestLogger } from './bugzilla/nest-logger.js';
import { sendError } from './bugzilla/error-envelope.js';
import { BODY_LIMIT_BYTES, applyHttpConventions, optionsAnswerer } from './bugzilla/http-conventions.js';
import { lingerOnUnreadBody } from './bugzilla/lingering-close.js';
import { arrivalDeadlines, http1ServerDeadlines } from './bugzilla/arrival-deadlines.js';
import { admitRequests, clientErrorAnswer, requestUrlRewriter } from './bugzilla/request-admission.js';
import type { AppConfig } from './config/app-config.js';
import { AppMetrics } from './metrics/app-metrics.js';
import { registerMetrics } from './metrics/http-metrics.js';
import { serveOpenApiDocument } from './openapi/openapi.js';
import { onSiblingWrites, registerRequestRouting } from './database/read-routing.js';
import { serveAdminConsole } from './admin-console/admin-console.js';
import { ModelCache } from './cache/model-cache.js';
import { CompressedAnswers } from './compression/compressed-answers.js';
import { ServedCompression } from './compression/served-compression.js';
import { registerFront } from './front/front.js';
import { BugzillaState } from './front/bugzilla-state.js';
import { OutsideWrites } from './front/outside-writes.js';
import { tlsServerOptions } from './tls/tls-options.js';
import { http2ServerOptions, KEEP_ALIVE_MS, serveHttp1AsBefore } from './tls/http2-options.js';
import { guardHttp2Sessions, RESET_BURST } from './tls/http2-guard.js';
import { boundRequestArrival } from './tls/http2-request-deadline.js';
import { sharedTicketKeys } from './tls/ticket-keys.js';

/**
 * Builds the application (used by main.ts, startServer() and the tests), ready to listen or to
 * `inject`. `extend` adds routes of its own before the route table is closed (the Pact state route).
 */
export async function createApp(
  config: AppConfig,
  extend?: (app: NestFastifyApplication) => void,
): Promise<NestFastifyApplication> {
  const deadlines = arrivalDeadlines(config);
  const adapter = new FastifyAdapter({
    // TLS_CERT_FILE + TLS_KEY_FILE: HTTPS and HTTP/2 on PORT (SPEC §18), the pair checked when the settings
    // were read; HTTP/1.1 stays on the same port for the clients that ask for it.
    ...(config.tls && {
      http2: true,
      https: { ...tlsServerOptions(config.tls, sharedTicketKeys()), ...http2ServerOptions(config.httpMaxHeaderBytes) },
      // An idle HTTP/2 connection is closed (GOAWAY) after as long as an idle HTTP/1.1 one.
      http2SessionTimeout: KEEP_ALIVE_MS,
    }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Request lines (python-bugzilla's product lists travel in the URL) and headers up to the setting;
    // past it Node answers before any request exists, through clientErrorHandler.
    // A request head and a whole request arrive within their deadlines (arrival-deadlines.ts); over HTTPS,
    // set on the HTTP/2 server's HTTP/1.1 side below.
    http: { maxHeaderSize: config.httpMaxHeaderBytes, ...http1ServerDeadlines(deadlines) },
    clientErrorHandler: clientErrorAnswer(config.httpMaxHeaderBytes),
    // A path parameter may be as long as any URL the service accepts, so that an over-long product
    // name is a name that matches nothing, as any other.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: config.httpMaxHeaderBytes },
    // Paths as Apache passes them to Bugzilla (slashes merged, dot segments resolved), before routing;
    // URLs past the limit (which only inject() can send) are refused there too.
    rewriteUrl: requestUrlRewriter(config.httpMaxHeaderBytes),
    // Errors the router raises before any route runs (an undecodable path) get the envelope too.
    // (Those replies skip the onSend hooks, so the CORS header and the lingering close are set here.)
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      void reply.header('access-control-allow-origin', '*');
      lingerOnUnreadBody(request, reply);
      sendError(error, request, reply);
    },
    // (Fastify sets this one on the server after making it.)
    requestTimeout: deadlines.requestTimeoutMs,
    // While shutting down, a request on a connection already accepted is served, not answered with
    // Fastify's own 503 body (the close waits for it, then the database pool closes).
    return503OnClosing: false,
    // request.ip, which the login lockout counts by: the socket's address, or X-Forwarded-For's when trusted.
    trustProxy: config.trustProxy,
    // No Nest middleware (Express-style, through @fastify/middie) anywhere: every per-request step is
    // a Fastify hook or part of Nest's route pipeline, so middie is not registered at all.
    skipMiddie: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bodyParser: false,
    bufferLogs: true,
    // A failed start (database unreachable, unknown database) reaches main.ts, which says so in one line.
    abortOnError: false,
  });
  // JSON lines, or one readable line each when stdout is a terminal (log-output.ts).
  const logger = applicationLogger(config.logLevel);
  app.useLogger(new PinoNestLogger(logger));
  if (config.tls)
    guardHttp2Sessions(app.getHttpServer(), (peer) =>
      logger.warn(`HTTP/2 connection from ${peer} closed: it cancelled streams faster than ${RESET_BURST} at once`),
    );
  const fastify = app.getHttpAdapter().getInstance();
  if (config.tls) {
    serveHttp1AsBefore(app.getHttpServer(), config.httpMaxHeaderBytes, deadlines);
    boundRequestArrival(app.getHttpServer(), deadlines.requestTimeoutMs);
  }
  if (config.tls && config.metrics) app.get(AppMetrics).certificate(config.tls);
  // In front of a Perl Bugzilla (SPEC §13): the front decides, in the same onRequest hook, who answers.
  const front = config.bugzillaUrl
    ? registerFront(fastify, {
        baseUrl: config.bugzillaUrl,
        timeoutMs: config.bugzillaTimeoutMs,
        maxParamLength: config.httpMaxHeaderBytes,
        metrics: app.get(AppMetrics).front(),
        recent: app.get(BugzillaState).check!.recent,
        compression: config.compression,
        outsideWrites: new OutsideWrites(outsideWriteWindowMs(config), (sentAt) =>
          app.get(ModelCache).noteOutsideWrite(sentAt),
        ),
      })
    : undefined;
  // Under WORKERS=N a write through a sibling worker is another writer's here: the model checks before its
  // next answer, as after a write of this worker's own, so the writer's next request reads it whichever
  // worker answers.
  const stopSiblingWrites = onSiblingWrites((at) => app.get(ModelCache).noteOutsideWrite(at));
  fastify.addHook('onClose', async () => stopSiblingWrites());
  admitRequests(fastify, optionsAnswerer(fastify, config.httpMaxHeaderBytes), front);
  const compression = servedCompression(config, app.get(ModelCache));
  applyHttpConventions(fastify, compression);
  if (compression && config.metrics) app.get(AppMetrics).watchCompression(() => compression.counts);
  // Which database each request reads from (read replicas, read-your-writes).
  if (config.replicas.length) registerRequestRouting(fastify);
  // Once an answer has ended: its access line, then its metrics (METRICS=false: no /metrics route,
  // an unknown path like any other, and no request counting).
  observeAnsweredRequests(fastify, [
    accessLogObserver(logger),
    config.metrics ? registerMetrics(fastify, app.get(AppMetrics)) : undefined,
  ]);

  serveOpenApiDocument(app, config);
  // ADMIN_UI=false: /admin/ is an unknown path like any other.
  if (config.adminUi) serveAdminConsole(fastify);
  extend?.(app);

  await app.init();
  return app;
}

/** Compression of the service's own answers (SPEC §18), its kept bytes dropped at each new catalogue revision. */
function servedCompression(config: AppConfig, model: ModelCache): ServedCompression | undefined {
  if (!config.compression) return undefined;
  const compression = new ServedCompression(new CompressedAnswers(config.compressionCacheBytes));
  model.onNewRevision(() => compression.newRevision());
  return compression;
}

/**
 * How long after a passed write its caller's requests may still read something older than it: the model's
 * bound, or with read replicas a replica's lag allowance plus the time to notice it (read-routing.ts's pin).
 */
function outsideWriteWindowMs(config: AppConfig): number {
  const replicaMs = config.replicas.length ? config.dbReplicaMaxLagMs + 2_000 : 0;
  return Math.max(config.cacheMaxStalenessMs, replicaMs);
}
