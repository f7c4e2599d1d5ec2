/**
 * Moving to Traccar: the embedded database (`DATA_DIR/athar.db`, default ./data) as SQL for Traccar's
 * schema on PostgreSQL. It reads a consistent snapshot and may run while the server runs.
 *
 *   npm run export:traccar -- [--out FILE] [--schema-only] [--new-admin-passwords]
 *
 * Without --out the SQL goes to standard output; messages and the summary go to standard error.
 */
import Database from 'better-sqlite3';
import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { type ExportSummary, exportTraccar } from './traccarExport.ts';
import { TRACCAR_VERSION } from './traccarSchema.ts';

export const USAGE = `Usage: npm run export:traccar -- [--out FILE] [--schema-only] [--new-admin-passwords]
  Writes DATA_DIR/athar.db (default ./data) as SQL for Traccar ${TRACCAR_VERSION} on PostgreSQL; load it
  into a new, empty database with: psql -v ON_ERROR_STOP=1 -d DATABASE -f FILE
  --out FILE              write to FILE (through FILE.partial, renamed when complete) instead of standard output
  --schema-only           only Traccar's empty schema and its DATABASECHANGELOG rows
  --new-admin-passwords   give each administrator a new random password that Traccar accepts, printed on
                          standard error (no other exported password works in Traccar: see the README)`;

export interface CliOptions {
  out: string | null;
  schemaOnly: boolean;
  newAdminPasswords: boolean;
}

export class UsageError extends Error {}

export function parseArgs(argv: string[]): CliOptions | 'help' {
  const options: CliOptions = { out: null, schemaOnly: false, newAdminPasswords: false };
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k]!;
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    switch (name) {
      case '--help':
      case '-h':
        return 'help';
      case '--out': {
        const value = inline ?? argv[++k];
        if (!value || value.startsWith('--')) throw new UsageError('--out needs a file name');
        if (options.out !== null) throw new UsageError('--out given twice');
        options.out = value;
        break;
      }
      case '--schema-only':
      case '--new-admin-passwords':
        if (inline !== undefined) throw new UsageError(`${name} takes no value`);
        if (name === '--schema-only') options.schemaOnly = true;
        else options.newAdminPasswords = true;
        break;
      default:
        throw new UsageError(`Unknown argument: ${arg}`);
    }
  }
  if (options.schemaOnly && options.newAdminPasswords) throw new UsageError('--new-admin-passwords exports users: not with --schema-only');
  return options;
}

function report(summary: ExportSummary, print: (line: string) => void): void {
  const rows = Object.entries(summary.rows).filter(([, n]) => n > 0);
  print(`Rows: ${rows.map(([t, n]) => `${t} ${n.toLocaleString('en')}`).join(', ') || 'none'}`);
  for (const w of summary.widened) print(`Widened: ${w.table}.${w.column} ${w.from} → ${w.to} characters`);
  for (const [reason, n] of Object.entries(summary.skipped)) print(`Left behind: ${n} ${reason}`);
  if (summary.adminPasswords.length) {
    print('New administrator passwords for Traccar (change them after signing in):');
    for (const a of summary.adminPasswords) print(`  ${a.email}  ${a.password}`);
  }
}

/** Runs the command; returns the exit code. `env` gives DATA_DIR; `stdout`/`stderr` are the streams. */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  stdout: Writable & { isTTY?: boolean } = process.stdout,
  stderr: (line: string) => void = (line) => console.error(line),
): Promise<number> {
  let options: CliOptions | 'help';
  try {
    options = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      stderr(`Error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  if (options === 'help') {
    stderr(USAGE);
    return 0;
  }
  if (!options.out && stdout.isTTY) {
    stderr(`Error: the SQL would go to the terminal: give --out FILE or redirect standard output\n\n${USAGE}`);
    return 2;
  }

  const file = resolve(env.DATA_DIR || './data', 'athar.db');
  let db: Database.Database | null = null;
  if (!options.schemaOnly) {
    if (!existsSync(file)) {
      stderr(`Error: no database at ${file} (set DATA_DIR to the server's data directory)`);
      return 1;
    }
    db = new Database(file, { readonly: true, fileMustExist: true });
  }
  const partial = options.out ? `${options.out}.partial` : null;
  const out: Writable = partial ? createWriteStream(partial) : stdout;
  try {
    const started = Date.now();
    const summary = await exportTraccar(db, out, {
      schemaOnly: options.schemaOnly,
      newAdminPasswords: options.newAdminPasswords,
      ...(options.schemaOnly ? {} : { source: file }),
      log: stderr,
    });
    if (partial && options.out) {
      out.end();
      await once(out, 'close');
      renameSync(partial, options.out);
    }
    report(summary, stderr);
    stderr(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s${options.out ? `: ${options.out}` : ''}. ` +
        `Load it into a new, empty PostgreSQL database with psql -v ON_ERROR_STOP=1 -d DATABASE -f FILE, then start Traccar ${TRACCAR_VERSION} on it.`,
    );
    return 0;
  } catch (error) {
    if (partial) {
      out.destroy();
      rmSync(partial, { force: true });
    }
    throw error;
  } finally {
    db?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
