/**
 * Saving a file the client made (report exports) and naming it. Light: no libraries, so a report
 * screen may import it statically; the exporters themselves (`exports.ts`) load on demand.
 */

/**
 * How long the object URL outlives the click. Revoking at once can cancel the download in some
 * browsers (Safari, older Firefox) that read the blob after the click returns; FileSaver.js waits
 * 40 s for the same reason.
 */
export const REVOKE_AFTER_MS = 40_000;

/** Offers `data` as a download named `fileName`, through a temporary `<a download>`. */
export function downloadBlob(data: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

function safePart(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The day of `value`: its leading `YYYY-MM-DD` as written (not re-read in another zone), else the text made safe. */
function dayPart(value: string): string {
  return /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? safePart(value);
}

/**
 * A report's file name, `route-2026-11-01-2026-11-02.gpx`: ASCII letters, digits, `-` and `_`
 * only. `from` and `to` are the days as the user picked them (`YYYY-MM-DD`, or an ISO text
 * starting with one: pass the local date, since a UTC instant may name the day before);
 * anything else is reduced to safe characters.
 */
export function reportFileName(kind: string, from: string, to: string, extension: string): string {
  const stem = [safePart(kind) || 'report', dayPart(from), dayPart(to)].filter(Boolean).join('-');
  const ext = safePart(extension.replace(/^\.+/, '')).replace(/-/g, '').toLowerCase();
  return ext ? `${stem}.${ext}` : stem;
}
