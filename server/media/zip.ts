import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  /** a plain relative name such as `doc.kml` (no directories needed here) */
  name: string;
  data: Buffer;
}

/** MS-DOS time and date fields of a ZIP header (local time as the format expects). */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(date.getFullYear(), 1980);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** What a local header and a central directory entry both hold, in this order. */
interface EntryFields {
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  size: number;
  nameLength: number;
}

/**
 * Writes the fields a local header and a central directory entry share, from `at` (4 in a local
 * header, 6 in a central entry, after its "version made by"): version needed 2.0, UTF-8 names,
 * deflate, time, date, CRC-32, the compressed and the plain size, and the name's length.
 */
function writeEntryFields(header: Buffer, at: number, fields: EntryFields): void {
  header.writeUInt16LE(20, at); // version needed
  header.writeUInt16LE(0x0800, at + 2); // UTF-8 names
  header.writeUInt16LE(8, at + 4); // deflate
  header.writeUInt16LE(fields.time, at + 6);
  header.writeUInt16LE(fields.date, at + 8);
  header.writeUInt32LE(fields.crc, at + 10);
  header.writeUInt32LE(fields.compressedSize, at + 14);
  header.writeUInt32LE(fields.size, at + 18);
  header.writeUInt16LE(fields.nameLength, at + 22);
}

/**
 * A minimal ZIP (PKZIP 2.0, deflate, no ZIP64) built on node:zlib: enough for a KMZ (one doc.kml).
 * Entries must stay under 4 GiB, which the position-history cap guarantees.
 */
export function zip(entries: ZipEntry[], modified = new Date()): Buffer {
  const { time, date } = dosDateTime(modified);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflateRawSync(entry.data);
    const fields = { time, date, crc: crc32(entry.data), compressedSize: compressed.length, size: entry.data.length, nameLength: name.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    // extra field length: 0
    locals.push(local, name, compressed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    writeEntryFields(central, 6, fields);
    // extra, comment, disk, internal attrs, external attrs: 0
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
