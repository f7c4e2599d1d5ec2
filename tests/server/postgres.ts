/**
 * A throw-away PostgreSQL cluster for tests: Debian's `postgresql` server binaries, a data directory
 * and a Unix socket in a temporary directory, no TCP port (`listen_addresses=''`), trust authentication,
 * and no durability (fsync off): it lives for one test file.
 *
 * initdb and the server refuse to run as root: as root they run as the `postgres` user (the package
 * creates it), which then owns the temporary directory; psql runs as the caller.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const TOOLS = ['initdb', 'pg_ctl', 'postgres', 'psql'];

/** The directory of PostgreSQL's server binaries (PG_BIN, else Debian's newest), or why there is none. */
export function postgresBinaries(): { bin: string } | { missing: string } {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  else if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  }
  for (const bin of candidates) {
    if (TOOLS.every((tool) => existsSync(join(bin, tool)))) return { bin };
  }
  const where = process.env.PG_BIN ? `PG_BIN=${process.env.PG_BIN}` : '/usr/lib/postgresql/<version>/bin';
  return { missing: `PostgreSQL's server binaries (${TOOLS.join(', ')}) are not in ${where}: apt-get install -y postgresql` };
}

export interface Cluster {
  dir: string;
  createDatabase(name: string): Promise<void>;
  /** psql on a database with ON_ERROR_STOP; returns its standard output */
  psql(database: string, args: string[]): Promise<string>;
  /** one SQL statement that returns one JSON value */
  json<T>(database: string, sql: string): Promise<T>;
  stop(): Promise<void>;
}

const PORT = '5432';

export async function startCluster(bin: string): Promise<Cluster> {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'athar-pg-'));
  const data = join(dir, 'data');
  let asServer = (command: string, args: string[]): [string, string[]] => [command, args];
  if (root) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(dir, uid, gid);
    asServer = (command, args) => ['runuser', ['-u', 'postgres', '--', command, ...args]];
  }
  const server = (tool: string, args: string[]) => run(...asServer(join(bin, tool), args), { maxBuffer: 16 << 20 });
  await server('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  await server('pg_ctl', [
    '-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60',
    '-o', `-k ${dir} -p ${PORT} -c listen_addresses='' -c fsync=off -c full_page_writes=off -c synchronous_commit=off`,
    'start',
  ]);

  const psql = async (database: string, args: string[]): Promise<string> => {
    const { stdout } = await run(join(bin, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', dir, '-p', PORT, '-U', 'postgres', '-d', database, ...args], {
      maxBuffer: 256 << 20,
    });
    return stdout;
  };
  return {
    dir,
    createDatabase: async (name) => void (await psql('postgres', ['-c', `CREATE DATABASE ${name}`])),
    psql,
    json: async <T>(database: string, sql: string): Promise<T> => JSON.parse(await psql(database, ['-A', '-t', '-c', sql])) as T,
    stop: async () => {
      try {
        await server('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
