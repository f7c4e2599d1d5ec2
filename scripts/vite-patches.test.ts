/**
 * The two source patches of the build, applied to the installed packages' real files: each finds
 * its code, changes only what it says, and stops the build when the code is not there.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { patchExceljsRequire, patchGridListRowIndex } from './vite-patches.ts';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** Runs a plugin's transform as Vite would (`this.error` throws). */
function transform(plugin: Plugin, code: string, id: string): string | null {
  const hook = plugin.transform as (this: { error: (message: string) => never }, code: string, id: string) => { code: string } | null;
  const result = hook.call({ error: (message) => { throw new Error(message); } }, code, id);
  return result ? result.code : null;
}

describe('the GridList patch (react-aria, aria-rowindex)', () => {
  const id = join(packageDir('react-aria'), 'dist/private/gridlist/useGridListItem.mjs');
  const original = readFileSync(id, 'utf8');
  const patched = transform(patchGridListRowIndex(), original, id) ?? '';

  it('decides "has sections" once per collection instead of spreading it on every row', () => {
    expect(original).toMatch(/\[\s*\.\.\.collection\s*\]/);
    expect(patched).not.toMatch(/\[\s*\.\.\.collection\s*\]/);
    expect(patched).toContain("rowProps['aria-rowindex'] = $atharHasSections(collection) ?");
    // the rest of the module is unchanged: the row index itself is computed as before
    const after = (text: string) => text.slice(text.indexOf("rowProps['aria-rowindex']")).split('\n').slice(1, 4).join('\n');
    expect(after(patched)).toBe(after(original));
  });

  it('its helper answers as the spread did, and asks each collection once', () => {
    const helper = patched.slice(patched.indexOf('const $atharSections'));
    const hasSections = new Function(`${helper}; return $atharHasSections;`)() as (collection: Iterable<{ type: string }>) => boolean;
    let walks = 0;
    const collection = (types: string[]) => ({
      *[Symbol.iterator]() {
        walks += 1;
        for (const type of types) yield { type };
      },
    });
    const flat = collection(['item', 'item']);
    const sectioned = collection(['item', 'section', 'item']);
    expect(hasSections(flat)).toBe(false);
    expect(hasSections(sectioned)).toBe(true);
    expect(hasSections(flat)).toBe(false);
    expect(walks).toBe(2);
  });

  it('leaves other files alone and stops the build when react-aria changed the code', () => {
    expect(transform(patchGridListRowIndex(), original, '/x/other.mjs')).toBeNull();
    expect(() => transform(patchGridListRowIndex(), original.replace('nodes.find', 'nodes.some'), id)).toThrow(/useGridListItem changed/);
  });
});

describe('the exceljs patch (no outer require)', () => {
  const id = join(packageDir('exceljs'), 'dist/exceljs.min.js');
  const original = readFileSync(id, 'utf8');

  it('writes the look-up for an outer require as "none" and changes nothing else', () => {
    const patched = transform(patchExceljsRequire(), original, id) ?? '';
    expect(original).toMatch(/"function"\s*==\s*typeof require\s*&&\s*require/);
    expect(patched).not.toMatch(/typeof require\s*&&\s*require/);
    expect(patched.replace(/!1/g, '').length).toBe(original.replace(/"function"\s*==\s*typeof require\s*&&\s*require/g, '').replace(/!1/g, '').length);
  });

  it('stops the build when the prelude is not found', () => {
    expect(() => transform(patchExceljsRequire(), 'module.exports = {}', id)).toThrow(/prelude changed/);
  });
});
