#!/usr/bin/env node
// The benchmark's Nest floor: what Nest itself costs per request. A bare Nest 12 application on the
// Fastify adapter (the service's stack) asks the running service once for each path it is given,
// then answers every request for that path from one controller with those bytes, the same status and
// the same headers (as the ceiling: replayed-answers.mjs): no guard, pipe, interceptor, filter,
// logger or middleware of its own. The ceiling (ceiling-server.mjs) is the same without Nest, so
// floor/ceiling is the share of the machine Nest's request pipeline leaves, and no service on this
// stack can do better than the floor.
//
//   SOURCE=http://127.0.0.1:3187 API_KEY=... PATHS='/rest/product_accessible /rest/product?names=X' PORT=3191 \
//     [FLOOR_MIDDIE=1] [FLOOR_GUARD=1] node bench/nest-floor.mjs
//
// FLOOR_MIDDIE=1 keeps Nest's default of registering @fastify/middie (Express-style middleware) at
// init, which an application without Nest middleware can leave out (`skipMiddie`).
import 'reflect-metadata';
import { Controller, Get, Module, Req, Res } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { fetchAnswers } from './replayed-answers.mjs';

const source = process.env.SOURCE || 'http://127.0.0.1:3187';
const port = Number(process.env.PORT || 3191);
const paths = (process.env.PATHS || '').split(' ').filter(Boolean);

const answers = await fetchAnswers(source, paths, process.env.API_KEY ?? '');

/** One handler per route path (the query is part of the key, as in the ceiling). */
class FloorController {
  answer(request, reply) {
    const answer = answers.get(request.url);
    if (!answer) {
      reply.status(404);
      return { error: true, code: 32614, message: 'not a floor path' };
    }
    reply.status(answer.status).headers(answer.headers);
    return answer.body;
  }

  health() {
    return { status: 'ok' };
  }
}

// Decorators applied by hand (this file is plain JavaScript), as TypeScript would apply them.
const routePaths = [...new Set(paths.map((path) => path.split('?')[0]))];
const proto = FloorController.prototype;
const describe = (name) => Object.getOwnPropertyDescriptor(proto, name);
Req()(proto, 'answer', 0);
Res({ passthrough: true })(proto, 'answer', 1);
if (routePaths.length) Get(routePaths)(proto, 'answer', describe('answer'));
Get('/health')(proto, 'health', describe('health'));
Controller()(FloorController);

/** FLOOR_GUARD=1: one global guard that lets every request through, to price Nest's guard step alone. */
class PassGuard {
  canActivate() {
    return true;
  }
}

class FloorModule {}
Module({
  controllers: [FloorController],
  providers: process.env.FLOOR_GUARD === '1' ? [{ provide: APP_GUARD, useClass: PassGuard }] : [],
})(FloorModule);

const adapter = new FastifyAdapter({ skipMiddie: process.env.FLOOR_MIDDIE !== '1' });
const app = await NestFactory.create(FloorModule, adapter, { logger: false, bodyParser: false });
await app.listen(port, '127.0.0.1');
