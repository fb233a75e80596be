import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ErrorEnvelopeDto } from '../bugzilla/error-envelope.dto.js';
import type { AppConfig } from '../config/app-config.js';
import { finishDocument } from './finish-document.js';
import { catalogIfMatch, catalogRouteAccess, operationIdOf } from './route-catalog.js';

/** Where the document is served (SPEC §7): browsable at /api, JSON at /api/openapi.json. */
export const OPENAPI_UI_PATH = 'api';
export const OPENAPI_JSON_PATH = 'api/openapi.json';

const DESCRIPTION = [
  'Bugzilla 5.x compatible REST API for products and bug last visits.',
  '',
  'Credentials go in headers, in the query or as keys of a JSON body: an API key, a token from `GET /rest/login`,',
  'or a login and password. Each operation lists the ones it accepts; `{}` among them means anonymous callers',
  'are served too. Bad credentials fail a request even where anonymous callers are served.',
  '',
  "Every error answers with Bugzilla's envelope",
  '`{"error":true,"code":N,"message":"...","documentation":"..."}`',
  '(the `ErrorEnvelopeDto` schema); the HTTP status follows from the code.',
].join('\n');

/**
 * Builds the OpenAPI document from the application's controllers and serves it. Everything the
 * document says about credentials and errors is added here, for every route at once.
 */
export function serveOpenApiDocument(app: NestFastifyApplication, config: AppConfig): void {
  const generated = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('bugzilla-products')
      .setDescription(DESCRIPTION)
      .setVersion('5.2')
      .setLicense('MPL-2.0', 'https://www.mozilla.org/en-US/MPL/2.0/')
      // Relative: the paths are on whatever host and port served this document.
      .addServer('/', 'This service')
      .addTag(
        'products',
        'Lists of product ids, products with their components, versions and milestones; creating and updating products.',
      )
      .addTag('bug_user_last_visit', 'When the calling user last visited bugs.')
      .addTag('session', 'Login tokens, the version, the calling user and user lookups, as Bugzilla clients use them.')
      .addTag('operations', 'The health of the service and its database.')
      .build(),
    { extraModels: [ErrorEnvelopeDto], operationIdFactory: operationIdOf },
  );
  const catalog = catalogRouteAccess(app);
  const ifMatch = catalogIfMatch(app);
  const document = finishDocument(generated, {
    accessOf: (operationId) => catalog.get(operationId),
    requireLogin: config.params.requirelogin,
    acceptsIfMatch: (operationId) => ifMatch.has(operationId),
  });
  SwaggerModule.setup(OPENAPI_UI_PATH, app, document, { jsonDocumentUrl: OPENAPI_JSON_PATH });
}
