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
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTests: number;
}

let code = run.status ?? 1;
if (existsSync(out)) {
  const report = JSON.parse(readFileSync(out, 'utf8')) as JsonReport;
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
