/**
 * Runs every vitest project (unit, machine, model-based, server, end-to-end) and closes with one
 * plain summary line, `tests: N passed, N failed, N skipped`, exiting with vitest's own code.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';

const out = 'test-results/vitest.json';
mkdirSync('test-results', { recursive: true });
if (existsSync(out)) rmSync(out);
const run = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);

interface JsonReport {
  startTime: number;
  testResults: { name: string; startTime: number; endTime: number }[];
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTests: number;
}

let code = run.status ?? 1;
if (existsSync(out)) {
  const report = JSON.parse(readFileSync(out, 'utf8')) as JsonReport;
  const files = report.testResults
    .map((f) => ({ name: f.name.replace(`${process.cwd()}/`, ''), seconds: (f.endTime - f.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds);
  const byFolder = new Map<string, number>();
  for (const f of files) {
    const folder = f.name.split('/').slice(0, 2).join('/');
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + f.seconds);
  }
  console.log('the ten slowest test files (s):');
  for (const f of files.slice(0, 10)) console.log(`  ${f.seconds.toFixed(1).padStart(6)}  ${f.name}`);
  console.log('time per folder, summed over files (s):');
  for (const [folder, seconds] of [...byFolder].sort((a, b) => b[1] - a[1])) console.log(`  ${seconds.toFixed(0).padStart(6)}  ${folder}`);
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
  if (report.numTotalTests === 0) {
    console.error('no test ran');
    code = 1;
  }
  if (skipped > 0) {
    console.error('skipped tests are not allowed');
    code = 1;
  }
} else {
  console.log('tests: 0 passed, 1 failed');
  code = 1;
}
process.exit(code);
