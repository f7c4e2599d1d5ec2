import type { Plugin } from 'vite';

/**
 * react-aria 3.53.1 (pinned): in a virtualised GridList every rendered row spreads the whole
 * collection into an array to look for sections (`aria-rowindex`), so rendering costs rows on
 * screen × all items — with 10,000 devices the list scrolls at ~14 fps. This rewrites that one
 * statement to decide "has sections" once per collection (collections are immutable, so a
 * WeakMap keyed by the collection is exact) and keep the same `aria-rowindex` values. The build
 * fails if the code is not found, so a react-aria upgrade can't silently drop the fix.
 */
const FILE = /react-aria[\\/]dist[\\/]private[\\/]gridlist[\\/]useGridListItem\.mjs$/;
const ORIGINAL = /let nodes = \[\s*\.\.\.collection\s*\];\s*(\/\/[^\n]*\n\s*)?rowProps\['aria-rowindex'\] = nodes\.find\(\(node\)=>node\.type === 'section'\) \?/;
const REPLACEMENT = `rowProps['aria-rowindex'] = $atharHasSections(collection) ?`;
const HELPER = `
const $atharSections = new WeakMap();
function $atharHasSections(collection) {
    let known = $atharSections.get(collection);
    if (known === undefined) {
        known = false;
        for (let item of collection) if (item.type === 'section') { known = true; break; }
        $atharSections.set(collection, known);
    }
    return known;
}
`;

export function patchGridListRowIndex(): Plugin {
  return {
    name: 'athar:patch-gridlist-rowindex',
    enforce: 'pre',
    transform(code, id) {
      if (!FILE.test(id.split('?')[0] ?? '')) return null;
      if (!ORIGINAL.test(code)) this.error(`react-aria's useGridListItem changed: review scripts/vite-patches.ts (${id})`);
      return { code: code.replace(ORIGINAL, REPLACEMENT) + HELPER, map: null };
    },
  };
}

/**
 * exceljs 4.4.0 (pinned) in the browser is its browserify bundle (`dist/exceljs.min.js`), whose
 * prelude looks for an outer `require` ("function"==typeof require&&require) to resolve modules it
 * does not carry. It carries them all, so that branch never runs in a browser; but the mention of
 * `require` makes Rolldown add its `require` shim to the shared runtime chunk, which the sign-in
 * page loads: 0.2 KB gzip on a route at its 150 KB budget, for a spreadsheet made after a report.
 * This writes the look-up as "no outer require". The build fails if the prelude is not found.
 */
const EXCELJS = /exceljs[\\/]dist[\\/]exceljs(\.min)?\.js$/;
const OUTER_REQUIRE = /"function"\s*==\s*typeof require\s*&&\s*require/g;

export function patchExceljsRequire(): Plugin {
  return {
    name: 'athar:patch-exceljs-require',
    enforce: 'pre',
    transform(code, id) {
      if (!EXCELJS.test(id.split('?')[0] ?? '')) return null;
      if (!OUTER_REQUIRE.test(code)) this.error(`exceljs's browserify prelude changed: review scripts/vite-patches.ts (${id})`);
      OUTER_REQUIRE.lastIndex = 0;
      return { code: code.replace(OUTER_REQUIRE, '!1'), map: null };
    },
  };
}
