import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BugzillaError, ErrorCode } from '../bugzilla/bugzilla-error.js';
import { toLoggedBugzillaError } from '../bugzilla/error-envelope.js';
import { BODY_LIMIT_BYTES } from '../bugzilla/http-conventions.js';
import { handleJsonRpc, sendJsonRpcTransportFault } from './jsonrpc.server.js';
import { RpcDispatcher } from './rpc-dispatcher.js';
import { JSONRPC_PATH, XMLRPC_PATH } from './rpc-paths.js';
import { handleXmlRpc, sendXmlRpcTransportFault } from './xmlrpc.server.js';

/**
 * Registers `/xmlrpc.cgi` and `/jsonrpc.cgi` as plain Fastify routes in a context of their own:
 * they read the body as text (the REST routes parse JSON objects), answer faults in their own
 * formats, carry no CORS headers (Bugzilla sends those on REST only), and are no part of the
 * OpenAPI document, which describes REST.
 */
@Injectable()
export class RpcRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly dispatcher: RpcDispatcher,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    void fastify.register(async (rpc) => this.routes(rpc));
  }

  private async routes(rpc: FastifyInstance): Promise<void> {
    rpc.removeAllContentTypeParsers();
    rpc.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    rpc.addHook('onSend', async (request, reply, payload) => {
      for (const name of ['access-control-allow-origin', 'access-control-allow-headers']) reply.removeHeader(name);
      // Bugzilla's JSON-RPC answers carry no ETag.
      if (request.url.startsWith(JSONRPC_PATH)) reply.removeHeader('etag');
      return payload;
    });
    rpc.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const tooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413;
      const bzError = tooLarge
        ? new BugzillaError(ErrorCode.USER_ERROR, 'The request body is larger than the limit of 1 MiB.', 413)
        : toLoggedBugzillaError(error, request);
      const status = tooLarge ? 413 : bzError.status;
      if (request.url.startsWith(XMLRPC_PATH)) {
        return sendXmlRpcTransportFault(reply, status, bzError.code, bzError.message);
      }
      const code = bzError.code < 0 ? bzError.code + 100_000 : bzError.code;
      return sendJsonRpcTransportFault(reply, status, code, bzError.message);
    });

    rpc.route({
      method: ['GET', 'HEAD', 'POST'],
      url: XMLRPC_PATH,
      exposeHeadRoute: false,
      handler: (request, reply) => handleXmlRpc(this.dispatcher, request, reply),
    });
    rpc.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'],
      url: JSONRPC_PATH,
      exposeHeadRoute: false,
      handler: (request, reply) => handleJsonRpc(this.dispatcher, request, reply),
    });
  }
}

/** Bugzilla's XML-RPC and JSON-RPC servers over the method table of rpc-methods.ts. */
@Module({ providers: [RpcDispatcher, RpcRoutes] })
export class RpcModule {}
