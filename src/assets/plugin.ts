import type { FastifyInstance } from 'fastify';
import { boundedKey, createBoundedCache } from '../cache/bounded-cache.js';
import { ApiError } from '../errors/api-error.js';
import type { TeamsService } from '../football/teams.js';
import { etagOf, registerEtag } from '../http/etag.js';
import { renderCrest } from './crest.js';

/** A crest is about 2 KB: this keeps the crests of a few thousand teams. */
const CACHE_BYTES = 8 * 1024 * 1024;
const CACHE_TTL_MS = 60 * 60 * 1000;
const PNG_SUFFIX = '.png';

interface Crest {
  png: Buffer;
  etag: string;
}

interface AssetsPluginOptions {
  teams: TeamsService;
}

/**
 * `{assets_url}/UploadFolder/Teams/<nameOriginal>.png` (DECISIONS.md "Matches"), when the
 * assets URL is this server's own: a crest generated from the team's name. Keyless, so the
 * address limit counts it like /docs; never charged to a key.
 */
export async function assetsPlugin(
  app: FastifyInstance,
  { teams }: AssetsPluginOptions,
): Promise<void> {
  const crests = createBoundedCache<Crest>({
    maxBytes: CACHE_BYTES,
    sizeOf: (crest) => crest.png.length + crest.etag.length,
    ttlMs: CACHE_TTL_MS,
  });
  app.addHook('onClose', async () => crests.close());
  registerEtag(app);

  async function crestOf(file: string): Promise<Crest> {
    if (!file.endsWith(PNG_SUFFIX)) {
      throw new ApiError('not_found', `No asset '${file}': team logos are .png files`);
    }
    const team = await teams.getByOriginalName(file.slice(0, -PNG_SUFFIX.length));
    // The English name is part of the key: the initials may come from it.
    const key = boundedKey([team.nameOriginal, team.nameEn]);
    const cached = crests.get(key);
    if (cached) {
      return cached;
    }
    const png = renderCrest(team);
    const crest = { png, etag: etagOf(png) };
    crests.set(key, crest);
    return crest;
  }

  // Fastify has percent-decoded the parameter already: `file` is `nameOriginal + '.png'`.
  app.get<{ Params: { file: string } }>(
    '/assets/UploadFolder/Teams/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const crest = await crestOf(request.params.file);
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=86400')
        .header('etag', crest.etag)
        .send(crest.png);
    },
  );
}
