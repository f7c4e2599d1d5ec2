/**
 * The checks before the tests, in two lanes side by side (this machine has two cores, and each lane is
 * mostly one process on one of them): the type checks, then the catalogues; the statecharts' diagrams,
 * then the build. The route tree is generated first, alone, since both lanes read it (the build's
 * router plugin writes it only when it changed). Each lane's output is printed when it ends; the
 * exit code is non-zero when any check failed.
 */
import { spawn } from 'node:child_process';

const LANES: string[][] = [
  ['typecheck:only', 'i18n:check'],
  ['statecharts:check', 'build'],
];

function run(script: string): Promise<{ script: string; code: number; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ script, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

async function lane(scripts: string[]): Promise<boolean> {
  for (const script of scripts) {
    const result = await run(script);
    process.stdout.write(`\n> ${script} (${result.seconds.toFixed(0)} s${result.code === 0 ? '' : `, exit ${result.code}`})\n${result.output}`);
    if (result.code !== 0) return false;
  }
  return true;
}

const routes = await run('routes');
process.stdout.write(`> routes\n${routes.output}`);
if (routes.code !== 0) process.exit(routes.code);
const results = await Promise.all(LANES.map(lane));
process.exit(results.every(Boolean) ? 0 : 1);
