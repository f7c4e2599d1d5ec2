/**
 * axe-core in the page: the script is evaluated through the DevTools protocol (the app's strict
 * CSP forbids inline scripts, and evaluation is not subject to it), then `axe.run` checks the
 * whole document. Serious and critical violations are returned as readable lines. The script is
 * evaluated once per document (a walk inside the app keeps it).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * The serious and critical violations on the page as it is now, one line per rule and element.
 * react-aria's live announcer (`[data-live-announcer]`, a visually hidden log that keeps each
 * announcement for 7 s) is left out: a pending button announces its progress bar by id, and after
 * the page changed that transient entry points at an element that is gone.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // axe.run where the script already is (null where it is not): one round trip per check
  const run = () =>
    page.evaluate(async () => {
      const axe = (window as unknown as { axe?: { run: (context: object, options: object) => Promise<{ violations: unknown[] }> } }).axe;
      if (!axe) return null;
      const result = await axe.run({ include: [['html']], exclude: [['[data-live-announcer]']] }, { resultTypes: ['violations'] });
      return JSON.parse(JSON.stringify(result.violations)) as unknown[];
    });
  let violations = await run();
  if (violations === null) {
    // once per document: a walk inside the app keeps it
    await page.evaluate(`${AXE_SOURCE}\n;undefined`);
    violations = await run();
  }
  if (violations === null) throw new Error('axe-core did not load in the page');
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.impact} ${violation.id} (${violation.help}) at ${JSON.stringify(node.target)}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    );
}
