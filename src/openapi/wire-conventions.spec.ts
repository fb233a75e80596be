import type { OpenAPIObject } from '@nestjs/swagger';
import { ClosedSchema } from './closed-schema.js';
import { applyWireConventions } from './wire-conventions.js';

@ClosedSchema()
class ThingUpdateDto {}

const json = (ref: string) => ({
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});

function document(): OpenAPIObject {
  return {
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: {
      '/rest/thing': {
        get: {
          parameters: [{ name: 'include_fields', in: 'query', required: false, schema: { type: 'array' } }],
          security: [{ api_key: [] }, { 'X-BUGZILLA-API-KEY': [] }, {}],
          responses: { '200': { description: 'The things.', ...json('Thing') } },
        },
        put: {
          security: [{ api_key: [] }],
          requestBody: json(ThingUpdateDto.name),
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    components: {
      securitySchemes: {
        api_key: {
          type: 'apiKey',
          in: 'query',
          name: 'api_key',
          description: 'A key. Also accepted as a key of a JSON request body.',
        },
        'X-BUGZILLA-API-KEY': { type: 'apiKey', in: 'header', name: 'X-BUGZILLA-API-KEY' },
      },
      schemas: {
        Thing: { type: 'object', properties: { id: { type: 'number' }, parts: { $ref: '#/components/schemas/Part' } } },
        Part: { type: 'object', properties: { active: { type: 'boolean' } } },
        [ThingUpdateDto.name]: {
          type: 'object',
          properties: { active: { type: 'boolean', description: 'Whether.' }, open: { type: 'boolean' } },
        },
      },
    },
  } as OpenAPIObject;
}

function applied(): any {
  const doc = document();
  const operations = Object.values(doc.paths).flatMap((item) =>
    (['get', 'put'] as const).filter((m) => item[m]).map((m) => [m, item[m]!] as [string, any]),
  );
  applyWireConventions(doc, operations);
  return doc;
}

describe('applyWireConventions', () => {
  it('documents 304 on GETs and the ETag of their answers', () => {
    const get = applied().paths['/rest/thing'].get;
    expect(Object.keys(get.responses)).toEqual(['200', '304']);
    expect(Object.keys(get.responses['200'].headers)).toEqual(['ETag']);
    expect(applied().paths['/rest/thing'].put.responses['304']).toBeUndefined();
  });

  it('says that include_fields may leave out required properties', () => {
    const get = applied().paths['/rest/thing'].get;
    expect(get.responses['200'].description).toMatch(/^The things\. With `include_fields`.*may then be missing/);
    expect(get.parameters[0].description).toMatch(/may be missing even where the schema requires them/);
  });

  it("declares the query credentials of the operation's security as optional query parameters", () => {
    const parameters = applied().paths['/rest/thing'].get.parameters.map((p: any) => `${p.in} ${p.name} ${p.required}`);
    expect(parameters).toEqual(['query include_fields false', 'query api_key false']);
  });

  it('closes a marked request body with the credential keys, and takes Bugzilla booleans in requests only', () => {
    const schemas = applied().components.schemas;
    expect(schemas.ThingUpdateDto).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: {
        active: { description: 'Whether.', allOf: [{ $ref: '#/components/schemas/BugzillaBoolean' }] },
        open: { $ref: '#/components/schemas/BugzillaBoolean' },
        api_key: { type: 'string', description: 'A key.' },
      },
    });
    expect(schemas.BugzillaBoolean.oneOf).toHaveLength(3);
    expect(schemas.Part.properties.active).toEqual({ type: 'boolean' });
    expect(schemas.Thing.additionalProperties).toBeUndefined();
  });

  it('makes every number an integer', () => {
    expect(applied().components.schemas.Thing.properties.id).toEqual({ type: 'integer' });
  });
});
