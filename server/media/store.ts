import { mkdirSync, readdirSync, realpathSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { badRequest } from '../http/errors.ts';

/** Image types accepted for device pictures: MIME type → file extension. Never SVG (scriptable). */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Extensions served from the media folder and their content types (anything else is never served). */
export const MEDIA_CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  h264: 'video/h264',
  h265: 'video/h265',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
};

export const DEVICE_IMAGE_LIMIT = 500_000;

/** Does the content start with the signature of the declared image type? */
export function matchesImageType(type: string, data: Buffer): boolean {
  const starts = (bytes: number[], at = 0): boolean => bytes.every((b, i) => data[at + i] === b);
  switch (type) {
    case 'image/jpeg':
      return starts([0xff, 0xd8, 0xff]);
    case 'image/png':
      return starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/gif':
      return starts([0x47, 0x49, 0x46, 0x38]) && (data[4] === 0x37 || data[4] === 0x39) && data[5] === 0x61;
    case 'image/webp':
      return starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8);
    default:
      return false;
  }
}

export function mediaRoot(dataDir: string): string {
  return resolve(dataDir, 'media');
}

/**
 * A path segment safe to use as a folder or file name: no separators, no dot-only names,
 * no control characters (NUL included), bounded length.
 */
export function safeSegment(value: string, what: string): string {
  if (!value || value.length > 128 || /[/\\\u0000-\u001f\u007f:]/.test(value) || /^\.+$/.test(value) || value.includes('..')) {
    throw badRequest(`Invalid ${what}`);
  }
  return value;
}

/** DATA_DIR/media/{uniqueId}, checked (after resolving) to stay inside the media folder. */
export function mediaFolder(dataDir: string, uniqueId: string): string {
  const root = mediaRoot(dataDir);
  const folder = resolve(root, safeSegment(uniqueId, 'device identifier'));
  if (!folder.startsWith(root + sep)) throw badRequest('Invalid media path');
  return folder;
}

/** DATA_DIR/media/{uniqueId}/{file}, checked (after resolving) to stay inside the device's media folder. */
export function mediaPath(dataDir: string, uniqueId: string, file: string): string {
  const folder = mediaFolder(dataDir, uniqueId);
  const path = resolve(folder, safeSegment(file, 'file name'));
  if (!path.startsWith(folder + sep)) throw badRequest('Invalid media path');
  return path;
}

/** The real path of an existing media file if it (after following links) is still inside the media folder, else null. */
export function existingMediaFile(dataDir: string, uniqueId: string, file: string): string | null {
  const path = mediaPath(dataDir, uniqueId, file);
  try {
    const root = realpathSync(mediaRoot(dataDir));
    const real = realpathSync(path);
    return real.startsWith(root + sep) ? real : null;
  } catch {
    return null;
  }
}

/**
 * Writes a device's media file atomically (temp file + rename) and returns its name.
 * `baseName` and `extension` must be simple ([A-Za-z0-9_-]); for device pictures, other `baseName.*` files are removed.
 */
export function saveMedia(dataDir: string, uniqueId: string, baseName: string, extension: string, data: Buffer, replaceOthers = false): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(baseName) || !/^[A-Za-z0-9]{1,8}$/.test(extension)) throw badRequest('Invalid media name');
  const file = `${baseName}.${extension}`;
  const path = mediaPath(dataDir, uniqueId, file);
  const folder = mediaFolder(dataDir, uniqueId);
  mkdirSync(folder, { recursive: true });
  const temp = join(folder, `.${file}.${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(temp, data, { mode: 0o640 });
  renameSync(temp, path);
  if (replaceOthers) {
    for (const other of readdirSync(folder)) {
      if (other !== file && other.startsWith(baseName + '.') && !other.endsWith('.tmp')) {
        try {
          unlinkSync(join(folder, other));
        } catch {
          // already gone
        }
      }
    }
  }
  return file;
}
