/**
 * Traccar's OpenAPI document (corrected by corrections.ts) and `expectContract`, which validates a
 * response against the documented operation it belongs to.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { parse } from 'yaml';
import { expect } from 'vitest';
import { type CorrectionResult, type JsonObject, applyCorrections, isObject } from './corrections.ts';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsImport as unknown as (ajv: Ajv2020) => Ajv2020;

const OPENAPI_FILE = fileURLToPath(new URL('./traccar-openapi.yaml', import.meta.url));

export function loadOriginal(): JsonObject {
  const parsed: unknown = parse(readFileSync(OPENAPI_FILE, 'utf8'));
  if (!isObject(parsed)) throw new Error('openapi.yaml is not an object');
  return parsed;
}

export const corrected: CorrectionResult = applyCorrections(loadOriginal());
const document = corrected.document;
const SCHEMA_ID = 'traccar-openapi';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: SCHEMA_ID, components: document.components as JsonObject });

/** Rewrites local `#/components/...` references to the registered document. */
function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (!isObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${SCHEMA_ID}${value}` : rebase(value);
  }
  return out;
}

interface Operation {
  template: string;
  pattern: RegExp;
  params: number;
  method: string;
  responses: JsonObject;
}

const operations: Operation[] = [];
for (const [template, item] of Object.entries(document.paths as Record<string, JsonObject>)) {
  const source = template.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`)).replace(/\{[^}]+\}/g, '[^/]+');
  for (const [method, operation] of Object.entries(item)) {
    if (!isObject(operation) || !isObject(operation.responses)) continue;
    operations.push({
      template,
      pattern: new RegExp(`^${source}$`),
      params: (template.match(/\{/g) ?? []).length,
      method: method.toUpperCase(),
      responses: operation.responses,
    });
  }
}
// Literal segments win over templates (/commands/send before /commands/{id}).
operations.sort((a, b) => a.params - b.params);

/** The documented operation for a method and a concrete path (`/api/devices/3?x=1` or `/devices/3`). */
export function findOperation(method: string, path: string): Operation | undefined {
  const bare = path.split('?')[0]!.replace(/^\/api(?=\/)/, '');
  return operations.find((o) => o.method === method.toUpperCase() && o.pattern.test(bare));
}

export function documentedTemplates(): { method: string; template: string }[] {
  return operations.map((o) => ({ method: o.method, template: o.template }));
}

const validators = new Map<string, ValidateFunction>();
function validatorFor(operation: Operation, status: string, schema: unknown): ValidateFunction {
  const key = `${operation.method} ${operation.template} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(rebase(schema) as JsonObject);
    validators.set(key, validate);
  }
  return validate;
}

/** Every operation the contract suite checked, with the statuses seen (for the coverage test). */
export const checked = new Map<string, Set<number>>();

export interface ContractResult {
  status: number;
  /** the parsed JSON body, or the text body */
  body: unknown;
}

/**
 * Asserts that a response matches the documented operation: the status is documented (after the
 * corrections), a 2xx JSON body validates against the operation's `application/json` schema, a
 * documented non-JSON success (text, 204) is not answered with JSON, and errors are plain text.
 * Consumes the body and returns it parsed.
 */
export async function expectContract(method: string, path: string, response: Response): Promise<ContractResult> {
  const operation = findOperation(method, path);
  expect(operation, `${method} ${path} is not a documented operation`).toBeDefined();
  const op = operation!;
  const status = response.status;
  const text = await response.text();
  const key = `${op.method} ${op.template}`;
  const seen = checked.get(key) ?? new Set<number>();
  seen.add(status);
  checked.set(key, seen);
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const label = `${method} ${path} → ${status} ${text.slice(0, 300)}`;

  expect(status, label).toBeLessThan(500);
  if (status >= 400) {
    expect(contentType, label).toBe('text/plain');
    expect(text.length, label).toBeGreaterThan(0);
    return { status, body: text };
  }
  const documented = op.responses[String(status)];
  expect(documented, `${label}: status ${status} not documented for ${key} (documented: ${Object.keys(op.responses).join(', ')})`).toBeDefined();
  const content = isObject(documented) && isObject(documented.content) ? documented.content : {};
  const jsonMedia = content['application/json'];
  if (status === 204) {
    expect(text, label).toBe('');
    return { status, body: null };
  }
  if (isObject(jsonMedia) && jsonMedia.schema !== undefined) {
    expect(contentType, label).toBe('application/json');
    const body: unknown = JSON.parse(text);
    const validate = validatorFor(op, String(status), jsonMedia.schema);
    const valid = validate(body);
    expect(valid ? [] : ajv.errorsText(validate.errors, { separator: '\n' }).split('\n'), `${label}\nschema errors`).toEqual([]);
    return { status, body };
  }
  // A documented non-JSON success (text/plain, a file): it must be that media type.
  const types = Object.keys(content);
  if (types.length > 0) expect(types, label).toContain(contentType);
  return { status, body: text };
}
