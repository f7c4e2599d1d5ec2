import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../auth/context.ts';
import { canAccessDevice, findDevice } from '../db/devices.ts';
import { HttpError, badRequest, notFound } from '../http/errors.ts';
import { parseId } from '../http/input.ts';
import { DEVICE_IMAGE_LIMIT, IMAGE_TYPES, MEDIA_CONTENT_TYPES, existingMediaFile, matchesImageType, safeSegment, saveMedia } from '../media/store.ts';
import { access, signedIn } from '../auth/authorize.ts';

const TEXT = 'text/plain; charset=utf-8';

/** The media type without parameters, lower-cased. */
function mimeType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Device pictures (`POST /api/devices/{id}/image`) and the media files (`GET /api/media/{uniqueId}/{file}`). */
export function mediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Own scope: raw bodies of any type for the upload route only, with the 500 kB limit.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: DEVICE_IMAGE_LIMIT }, (_request, body, done) => done(null, body));

    scope.post<{ Params: { id: string } }>('/api/devices/:id/image', access('deviceWritable'), async (request, reply) => {
      const auth = signedIn(request);
      const id = parseId(request.params.id, 'id');
      const device = findDevice(ctx.db, id);
      if (!device || !canAccessDevice(ctx.db, auth.user.administrator ? null : auth.user.id, id)) throw notFound('Device not found');
      const type = mimeType(request.headers['content-type']);
      const extension = IMAGE_TYPES[type];
      if (!extension) throw badRequest('Unsupported image type: use image/jpeg, image/png, image/gif or image/webp');
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('Image is empty');
      if (body.length > DEVICE_IMAGE_LIMIT) throw new HttpError(413, 'Image size limit exceeded (500 kB)');
      if (!matchesImageType(type, body)) throw badRequest(`Content is not a valid ${type} image`);
      const file = saveMedia(ctx.dataDir, device.uniqueId, 'device', extension, body, true);
      return reply.type(TEXT).send(file);
    });
  });

  app.get<{ Params: { uniqueId: string; file: string } }>('/api/media/:uniqueId/:file', access('object:device'), async (request, reply) => {
    const { user } = signedIn(request);
    const raw = request.url;
    // Encoded separators, dots or NUL in the raw path are never legitimate.
    if (/%(2f|5c|00|2e)/i.test(raw) || raw.includes('\\')) throw badRequest('Invalid media path');
    const uniqueId = safeSegment(request.params.uniqueId, 'device identifier');
    const file = safeSegment(request.params.file, 'file name');
    const extension = /\.([A-Za-z0-9]{1,8})$/.exec(file)?.[1]?.toLowerCase();
    const contentType = extension ? MEDIA_CONTENT_TYPES[extension] : undefined;
    if (!contentType || file.startsWith('.')) throw notFound();
    const device = ctx.db.prepare('SELECT id FROM devices WHERE uniqueId = ?').get(uniqueId) as { id: number } | undefined;
    if (!device || !canAccessDevice(ctx.db, user.administrator ? null : user.id, device.id)) throw notFound();
    const path = existingMediaFile(ctx.dataDir, uniqueId, file);
    if (!path) throw notFound();
    let data: Buffer;
    try {
      data = readFileSync(path);
    } catch {
      throw notFound();
    }
    return reply
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-cache')
      .type(contentType)
      .send(data);
  });
}
