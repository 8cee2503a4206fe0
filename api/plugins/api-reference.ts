import type { FastifyContextConfig, FastifyInstance, FastifyPluginAsync, FastifyPluginOptions, FastifySchema } from 'fastify';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { PERMISSIONS } from '../contract/permissions.js';

/** Where staff read the API reference, and where its document is served. */
const API_DOCS_PREFIX = '/api/docs';
const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';

const BEARER = 'bearerAuth';

/** What the document says of who may call a route: its permission and the roles that hold it, or that it is public. */
function accessOf(config: FastifyContextConfig | undefined): Pick<FastifySchema, 'security'> & { 'x-permission': string; note: string } {
  const permission = config?.permission;
  if (!permission) return { 'x-permission': 'public', note: 'Public: no sign-in needed.', security: [] };
  const roles = PERMISSIONS[permission].join(', ');
  return { 'x-permission': permission, note: `Permission: \`${permission}\` (${roles}).`, security: [{ [BEARER]: [] }] };
}

/**
 * A route that names the media types it consumes but has no body schema reads its body as a stream
 * (the CSV import): the document shows that body as the file it is.
 */
function streamedBody(schema: FastifySchema): Pick<FastifySchema, 'body'> {
  if (schema.body || !schema.consumes) return {};
  return { body: { type: 'string', description: `The file itself (${schema.consumes.join(', ')}), read as it arrives.` } };
}

/** The zod type provider's transform (zod schemas to JSON Schema), plus each operation's permission. */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const { note, ...access } = accessOf(input.route.config);
  const description = schema.description ? `${schema.description}\n\n${note}` : note;
  return { schema: { ...schema, ...streamedBody(schema), ...access, description }, url };
};

/**
 * The OpenAPI 3.1 document of every route, made from their zod schemas as they are registered
 * (so this comes before the routes), at GET /api/openapi.json, and Swagger UI reading it at
 * /api/docs with the assets it ships: no CDN, and no inline script or style for the
 * Content-Security-Policy to refuse.
 *
 * The reference is public. @fastify/swagger-ui's routes declare no config, so they are made public
 * here, in their own scope, before the access check is installed: its start-up check sees a route
 * before any hook of the route's scope could mark it.
 */
export async function installApiReference(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'MedContacts API',
        version: '1',
        description:
          'The JSON API behind the MedContacts console. Sign in with POST /api/auth/login and send the access token as ' +
          '`Authorization: Bearer <token>`. Each operation names the permission it needs (`x-permission`) and the roles that hold it.',
      },
      components: { securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(async (reference) => {
    reference.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await reference.register(swaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      theme: { title: 'MedContacts API reference' },
      // BaseLayout: the standalone layout's top bar draws a logo with an inline <style>, which the policy refuses.
      uiConfig: { layout: 'BaseLayout', docExpansion: 'none', tryItOutEnabled: false },
    });
  });
  app.get(OPENAPI_DOCUMENT_PATH, { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
}

/** A route module whose operations the document groups under `tag`. */
export function tagged<Options extends FastifyPluginOptions>(tag: string, routes: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  return async (app, options) => {
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, tags: [tag] };
    });
    await app.register(routes, options);
  };
}
