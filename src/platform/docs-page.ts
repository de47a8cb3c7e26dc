// The interactive documentation (Swagger UI under /docs), made when it is first asked for: @fastify/swagger-ui
// and its static file server cost a start about a quarter of a second that an API client never needs. The
// page lives in a small Fastify instance of its own, built on the first request and answering every later one
// through inject (no network), with the service's OpenAPI documents.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';

const PREFIX = '/docs';
/** Headers of the inner answer that belong to its own connection, not to the page. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

export function installDocsPage(fastify: FastifyInstance, uiConfig: FastifySwaggerUiOptions['uiConfig']): void {
  let page: Promise<FastifyInstance> | undefined;
  const build = async () => {
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    const inner = Fastify();
    // the UI asks for the documents by their own URLs; its /docs/json answers the service's document
    await inner.register(
      fastifyPlugin(
        (instance: FastifyInstance, _options: unknown, done: () => void) => {
          instance.decorate('swagger', fastify.swagger.bind(fastify));
          done();
        },
        { name: '@fastify/swagger' },
      ),
    );
    // the UI's own policy, never framed (a browser keeps the first of two equal directives, so they are replaced),
    // and without `upgrade-insecure-requests`, which would send a sandbox served over plain http for https assets
    await inner.register(swaggerUi, {
      routePrefix: PREFIX,
      uiConfig,
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .split(';')
          .map((directive) => directive.trim())
          .filter((directive) => directive !== '' && directive !== 'upgrade-insecure-requests')
          .map((directive) =>
            directive.startsWith('frame-ancestors ')
              ? "frame-ancestors 'none'"
              : directive.startsWith('base-uri ')
                ? "base-uri 'none'"
                : directive,
          )
          .join('; '),
    });
    await inner.ready();
    return inner;
  };
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    page ??= build().catch((err: unknown) => {
      page = undefined;
      throw err;
    });
    const answer = await (
      await page
    ).inject({
      method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      url: request.url,
      headers: { ...request.headers, host: request.headers.host ?? 'localhost' },
    });
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) reply.header(name, value);
    reply.header('x-frame-options', 'DENY');
    reply.code(answer.statusCode);
    return answer.rawPayload.length > 0 ? reply.send(answer.rawPayload) : reply.send();
  };
  for (const url of [PREFIX, `${PREFIX}/*`])
    fastify.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler: forward });
}
