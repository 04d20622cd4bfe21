import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { errorCatalogue } from '../errors/catalogue.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/`([^`]+)`/g, '<code>$1</code>');

/** The error catalogue: one anchor per `code`, so every problem `type` URL lands on its entry. */
function renderErrorsPage(): string {
  const rows = errorCatalogue()
    .map(
      (e) => `<section id="${e.code}" class="error">
  <h2><a href="#${e.code}">${e.code}</a> <span class="status">${e.status}</span></h2>
  <p class="title">${escapeHtml(e.title)}</p>
  <p>${escapeHtml(e.condition)}</p>
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Errors - Football Data API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
h1{font-size:1.6rem} .error{border-top:1px solid #d0d7de;padding:.5rem 0}
.error:target{background:#fff8c5} h2{font-size:1.15rem;margin:.4rem 0} .status{color:#57606a;font-weight:400}
code{background:#f6f8fa;padding:0 .2rem;border-radius:3px} a{color:#0969da}
</style></head><body>
<h1>Error codes</h1>
<p>Errors are <code>application/problem+json</code> (RFC 9457) with <code>type</code>, <code>title</code>,
<code>status</code>, <code>detail</code> and a stable <code>code</code>. Decide on <code>code</code>, not on text.
Back to the <a href="../docs">API reference</a>.</p>
${rows}
</body></html>`;
}

/** /docs: the API reference rendered from /v1/openapi.json, every asset served from here (no CDN). */
export async function docsPlugin(app: FastifyInstance): Promise<void> {
  const errorsPage = renderErrorsPage();
  app.get('/docs/errors', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(errorsPage),
  );
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    staticCSP: true,
  });
}
