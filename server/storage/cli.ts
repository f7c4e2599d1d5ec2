/**
 * `npm run backup -- FILE [--data DIR] [--force]` and `npm run restore -- FILE [--data DIR]`
 * (`tsx server/storage/cli.ts backup|restore …`). DIR defaults to DATA_DIR, else ./data.
 * Exit codes: 0 done, 1 refused or failed (the reason on stderr), 2 a usage error.
 */
import { backupDatabase, restoreDatabase, StorageCommandError } from './backup.ts';

const USAGE = `usage: npm run backup -- FILE [--data DIR] [--force]
       npm run restore -- FILE [--data DIR]
DIR: the server's data folder (default: DATA_DIR, else ./data)`;

function usage(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
let file: string | null = null;
let dataDir = process.env.DATA_DIR || './data';
let force = false;
for (let i = 0; i < rest.length; i++) {
  const arg = rest[i]!;
  if (arg === '--data') {
    const value = rest[++i];
    if (!value) usage('--data needs a folder');
    dataDir = value;
  } else if (arg === '--force' && command === 'backup') force = true;
  else if (arg.startsWith('-')) usage(`Unknown option ${arg}`);
  else if (file === null) file = arg;
  else usage(`One file only (got ${file} and ${arg})`);
}
if (command !== 'backup' && command !== 'restore') usage('backup or restore?');
if (!file) usage('Which file?');

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
try {
  if (command === 'backup') {
    const result = await backupDatabase(dataDir, file, { force });
    console.log(`Backup written to ${result.file} (${mb(result.bytes)}, ${result.pages} pages, integrity checked) in ${(result.ms / 1000).toFixed(2)} s`);
  } else {
    const result = await restoreDatabase(file, dataDir);
    console.log(`Restored ${result.file} (${mb(result.bytes)}, integrity checked) in ${(result.ms / 1000).toFixed(2)} s`);
    if (result.previous) console.log(`The database it replaced is kept as ${result.previous}`);
    console.log('Start the server on this data folder.');
  }
} catch (error) {
  if (error instanceof StorageCommandError) console.error(error.message);
  else console.error(`${command} failed:`, error instanceof Error ? error.message : error);
  process.exit(1);
}
