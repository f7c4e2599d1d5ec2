/**
 * THE ONE PLACE where Traccar's own OpenAPI description (traccar-openapi.yaml, an unchanged copy of
 * /work/shared/traccar/openapi.yaml, Apache-2.0, see TRACCAR-LICENSE.txt) is corrected before the
 * contract suite validates responses against it.
 *
 * Source of every correction: /work/shared/traccar/api-notes.md (§0 lists where the YAML disagrees
 * with Traccar's code; §3 and model-fields.txt, copied here as traccar-model-fields.txt, are the
 * authoritative JSON fields of each model, read from the Java getters).
 *
 * Corrections, in the order applied by `applyCorrections`:
 *
 *  1. §0 — the `refresh` list parameter no longer exists: removed from every operation.
 *  2. §0 — ReportStops uses `latitude`/`longitude`, not `lat`/`lon`.
 *  3. §0 — Permission also has `reportId`, `orderId` and `linkedDeviceId`.
 *  4. §0 — Summary also has `startTime`, `endTime`, `startOdometer`, `endOdometer`, `startHours`, `endHours`.
 *  5. §0 — `GET /positions` answers JSON only (CSV/GPX come from /positions/csv|gpx).
 *  6. §0/§5 — permission denials are 400, not 403: every documented 403 becomes a 400.
 *  7. §2 — statuses the YAML leaves out although Traccar's code returns them:
 *       - `GET /session` without a session: 404.
 *       - `POST /commands/send` queued: 202 (already documented), `PUT /devices/{id}/accumulators`: 204.
 *     (Only the success statuses matter here: expectContract validates 2xx bodies; errors are plain text.)
 *  8. §3 / model-fields.txt — the model schemas are rebuilt from the Java getters:
 *       - every non-@JsonIgnore field is a property, typed from its Java type
 *         (long/int → integer, double → number, boolean → boolean, String → string, Date → date-time
 *         string, Map → object, List/Set/arrays → array, byte[] → base64 string);
 *       - NULLS: Traccar's Jackson mapper writes null fields (e.g. `User.password: null`,
 *         `Device.lastUpdate: null`, `Device.expirationTime: null`), so a field whose Java type is an
 *         OBJECT type (String, Date, Boolean, Long, Integer, Double, Map, List, Set, arrays, Network)
 *         also admits `null`; Java PRIMITIVES (long, int, double, boolean) never do. Exception from §3:
 *         `Device.status` is never null (null is written as "offline");
 *       - where the YAML's type disagrees with the Java type, the Java type wins (see TYPE_OVERRIDES_SEEN
 *         below, computed at load time and asserted by the suite so a new disagreement is noticed);
 *         the YAML's `items`/`$ref` are kept when the Java type is a collection;
 *       - every JSON field is REQUIRED (Jackson writes them all, nulls included), except
 *         `OPTIONAL_FIELDS` below;
 *       - @JsonIgnore fields (internal state such as `hashedPassword`, `salt`, `manager`,
 *         `Device.motion*`) must NOT appear: `additionalProperties: false` on every model.
 *     Network / CellTower / WifiAccessPoint are written with nulls omitted (§3), so their fields are optional.
 *  9. Schema-name mapping YAML → Java model: ReportSummary → SummaryReportItem, ReportTrips →
 *     TripReportItem, ReportStops → StopReportItem, ReportGeofences → GeofenceReportItem; the others share
 *     their name. Permission is a flat two-key object whose keys are listed in §3.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MODEL_FIELDS_FILE = fileURLToPath(new URL('./traccar-model-fields.txt', import.meta.url));

/** YAML schema name → Java model name (correction 9). */
export const SCHEMA_TO_MODEL: Record<string, string> = {
  Position: 'Position',
  User: 'User',
  Server: 'Server',
  Command: 'Command',
  QueuedCommand: 'QueuedCommand',
  Device: 'Device',
  Group: 'Group',
  Geofence: 'Geofence',
  Notification: 'Notification',
  Event: 'Event',
  CombinedReportItem: 'CombinedReportItem',
  ReportSummary: 'SummaryReportItem',
  ReportGeofences: 'GeofenceReportItem',
  ReportTrips: 'TripReportItem',
  ReportStops: 'StopReportItem',
  Statistics: 'Statistics',
  DeviceAccumulators: 'DeviceAccumulators',
  Calendar: 'Calendar',
  Attribute: 'Attribute',
  Driver: 'Driver',
  Maintenance: 'Maintenance',
  Order: 'Order',
  Action: 'Action',
};

/** Fields that may be absent from the JSON (everything else is always written, nulls included). */
export const OPTIONAL_FIELDS: Record<string, string[]> = {
  // DeviceAccumulators is a request body in Traccar; it is never written by the server.
  DeviceAccumulators: ['totalDistance', 'hours'],
};

/** Java-typed fields that are never null although their Java type is an object type (§3). */
const NEVER_NULL: Record<string, string[]> = {
  Device: ['status'],
};

/** Permission keys (§3 plus correction 3). */
export const PERMISSION_KEYS = [
  'userId', 'deviceId', 'groupId', 'geofenceId', 'notificationId', 'calendarId', 'attributeId', 'driverId',
  'managedUserId', 'commandId', 'maintenanceId', 'reportId', 'orderId', 'linkedDeviceId',
];

interface Field {
  name: string;
  javaType: string;
  jsonIgnore: boolean;
}

/** Parses model-fields.txt: `## Model` headers, then `from X: name:Type [@JsonIgnore ...], ...` lines. */
export function readModelFields(): Map<string, Field[]> {
  const models = new Map<string, Field[]>();
  let current: Field[] | null = null;
  for (const line of readFileSync(MODEL_FIELDS_FILE, 'utf8').split('\n')) {
    const header = /^## (\w+)/.exec(line);
    if (header) {
      current = [];
      models.set(header[1]!, current);
      continue;
    }
    const body = /^\s+from \w+: (.*)$/.exec(line);
    if (!body || !current) continue;
    // Split on commas outside <...> and [...].
    let depth = 0;
    let part = '';
    const parts: string[] = [];
    for (const c of body[1]!) {
      if (c === '<' || c === '[') depth++;
      if (c === '>' || c === ']') depth--;
      if (c === ',' && depth === 0) {
        parts.push(part.trim());
        part = '';
      } else part += c;
    }
    if (part.trim()) parts.push(part.trim());
    for (const p of parts) {
      const m = /^(\w+):(.+?)(\s+\[@[^\]]*\])?$/.exec(p);
      if (!m) throw new Error(`model-fields: cannot parse "${p}"`);
      const field = { name: m[1]!, javaType: m[2]!.trim(), jsonIgnore: (m[3] ?? '').includes('@JsonIgnore') };
      // A subclass getter (e.g. Command.deviceId) redefines the inherited one.
      const existing = current.findIndex((f) => f.name === field.name);
      if (existing >= 0) current[existing] = field;
      else current.push(field);
    }
  }
  return models;
}

const PRIMITIVES: Record<string, string> = { long: 'integer', int: 'integer', double: 'number', boolean: 'boolean' };
const BOXED: Record<string, string> = { Long: 'integer', Integer: 'integer', Double: 'number', Boolean: 'boolean', String: 'string' };
const NESTED_MODELS: Record<string, string> = { Event: 'Event', Position: 'Position', CellTower: 'CellTower', WifiAccessPoint: 'WifiAccessPoint' };

/** JSON Schema of a Java type; `nullable` = an object type (correction 8). */
export function javaTypeSchema(javaType: string): { schema: JsonObject; nullable: boolean } {
  const primitive = PRIMITIVES[javaType];
  if (primitive) return { schema: { type: primitive }, nullable: false };
  const boxed = BOXED[javaType];
  if (boxed) return { schema: { type: boxed }, nullable: true };
  if (javaType === 'Date') return { schema: { type: 'string', format: 'date-time' }, nullable: true };
  if (javaType === 'byte[]') return { schema: { type: 'string', contentEncoding: 'base64' }, nullable: true };
  const array = /^(\w+)\[\]$/.exec(javaType);
  if (array) return { schema: { type: 'array', items: javaTypeSchema(array[1]!).schema }, nullable: true };
  const map = /^Map<String, (\w+)>$/.exec(javaType);
  if (map) {
    const value = map[1] === 'Object' ? {} : javaTypeSchema(map[1]!).schema;
    return { schema: { type: 'object', additionalProperties: value }, nullable: true };
  }
  const list = /^(?:List|Set)<(.+)>$/.exec(javaType);
  if (list) {
    const inner = list[1]!;
    const nested = NESTED_MODELS[inner];
    const items = nested ? { $ref: `#/components/schemas/${nested}` } : javaTypeSchema(inner).schema;
    return { schema: { type: 'array', items }, nullable: true };
  }
  if (javaType === 'Network') return { schema: { $ref: '#/components/schemas/Network' }, nullable: true };
  throw new Error(`model-fields: no JSON mapping for Java type ${javaType}`);
}

function withNull(schema: JsonObject): JsonObject {
  if (typeof schema.$ref === 'string') return { anyOf: [schema, { type: 'null' }] };
  const type = schema.type;
  if (typeof type === 'string') return { ...schema, type: [type, 'null'] };
  return schema;
}

function baseType(schema: Json | undefined): string | null {
  if (!isObject(schema)) return null;
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.filter((t) => t !== 'null').join('|');
  return null;
}

/** Rebuilds one model schema from the Java fields (correction 8); records type disagreements. */
function modelSchema(modelName: string, fields: Field[], yaml: JsonObject | undefined, overrides: string[], optionalByNullOmission: boolean): JsonObject {
  const yamlProps = isObject(yaml?.properties) ? yaml.properties : {};
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const field of fields) {
    if (field.jsonIgnore) continue;
    const { schema: java, nullable } = javaTypeSchema(field.javaType);
    const documented = yamlProps[field.name];
    let schema: JsonObject = java;
    if (isObject(documented)) {
      const documentedType = baseType(documented);
      const javaBase = baseType(java);
      if (documentedType === javaBase && javaBase === 'array' && documented.items !== undefined && !java.items) {
        schema = { ...java, items: documented.items };
      } else if (documentedType !== javaBase && !(java.$ref && documented.type === 'object')) {
        overrides.push(`${modelName}.${field.name}: YAML ${documentedType ?? JSON.stringify(documented)} → Java ${field.javaType}`);
      }
      if (isObject(documented) && typeof documented.description === 'string') schema = { ...schema, description: documented.description };
    } else {
      overrides.push(`${modelName}.${field.name}: missing in YAML → Java ${field.javaType}`);
    }
    const neverNull = NEVER_NULL[modelName]?.includes(field.name) ?? false;
    properties[field.name] = nullable && !neverNull ? withNull(schema) : schema;
    if (!optionalByNullOmission && !(OPTIONAL_FIELDS[modelName]?.includes(field.name) ?? false)) required.push(field.name);
  }
  for (const name of Object.keys(yamlProps)) {
    if (!fields.some((f) => f.name === name && !f.jsonIgnore)) overrides.push(`${modelName}.${name}: in YAML, not a JSON field of the Java model (dropped)`);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

function walk(node: Json, visit: (object: JsonObject) => void): void {
  if (Array.isArray(node)) node.forEach((child) => walk(child, visit));
  else if (isObject(node)) {
    visit(node);
    Object.values(node).forEach((child) => walk(child, visit));
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

export interface CorrectionResult {
  document: JsonObject;
  /** correction 8: YAML vs Java disagreements, resolved in favour of Java */
  typeOverrides: string[];
}

/** Applies corrections 1–9 to a parsed copy of the OpenAPI document. */
export function applyCorrections(original: JsonObject): CorrectionResult {
  const document = structuredClone(original);
  const paths = document.paths as Record<string, JsonObject>;
  const components = document.components as JsonObject;
  const schemas = components.schemas as Record<string, JsonObject>;

  // 1. no `refresh` parameter
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (isObject(operation) && Array.isArray(operation.parameters)) {
        operation.parameters = operation.parameters.filter((p) => !(isObject(p) && p.name === 'refresh'));
      }
    }
  }

  // 2. ReportStops: latitude/longitude (the model rebuild of step 8 takes the fields from StopReportItem)
  const stops = schemas.ReportStops!.properties as JsonObject;
  stops.latitude = stops.lat!;
  stops.longitude = stops.lon!;
  delete stops.lat;
  delete stops.lon;

  // 3. Permission keys
  const permissionProps: JsonObject = {};
  for (const key of PERMISSION_KEYS) permissionProps[key] = { type: 'integer', format: 'int64' };
  schemas.Permission = { type: 'object', properties: permissionProps, additionalProperties: false, minProperties: 2, maxProperties: 2 };

  // 4. Summary fields
  const summary = schemas.ReportSummary!.properties as JsonObject;
  summary.startTime = { type: 'string', format: 'date-time' };
  summary.endTime = { type: 'string', format: 'date-time' };
  summary.startOdometer = { type: 'number' };
  summary.endOdometer = { type: 'number' };
  summary.startHours = { type: 'integer' };
  summary.endHours = { type: 'integer' };

  // 5. /positions answers JSON only
  const positionsContent = (((paths['/positions']!.get as JsonObject).responses as JsonObject)['200'] as JsonObject).content as JsonObject;
  delete positionsContent['text/csv'];
  delete positionsContent['application/gpx+xml'];

  // 6. 403 → 400
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      const responses = operation.responses;
      if (responses['403'] !== undefined) {
        responses['400'] ??= responses['403'];
        delete responses['403'];
      }
    }
  }

  // 7. undocumented statuses
  const addStatus = (path: string, method: string, status: string, response: JsonObject): void => {
    const responses = (paths[path]![method] as JsonObject).responses as JsonObject;
    responses[status] ??= response;
  };
  addStatus('/session', 'get', '404', { description: 'No session (api-notes §2)', content: {} });
  addStatus('/devices/{id}/accumulators', 'put', '204', { description: 'No Content (api-notes §2)', content: {} });

  // 8./9. models from the Java getters
  const models = readModelFields();
  const typeOverrides: string[] = [];
  for (const [schemaName, modelName] of Object.entries(SCHEMA_TO_MODEL)) {
    const fields = models.get(modelName);
    if (!fields) throw new Error(`model-fields: no model ${modelName}`);
    schemas[schemaName] = modelSchema(schemaName, fields, schemas[schemaName], typeOverrides, false);
  }
  // The nested types written with nulls omitted, referenced by the rebuilt Position/CombinedReportItem.
  for (const nested of ['Network', 'CellTower', 'WifiAccessPoint']) {
    schemas[nested] = modelSchema(nested, models.get(nested)!, undefined, [], true);
  }
  // Typed lists ({type}) stay as documented but closed.
  for (const typed of ['CommandType', 'NotificationType']) schemas[typed] = { ...schemas[typed]!, required: ['type'], additionalProperties: false };

  // Java-model references inside rebuilt schemas point at YAML names.
  walk(document, (node) => {
    if (node.$ref === '#/components/schemas/SummaryReportItem') node.$ref = '#/components/schemas/ReportSummary';
  });
  return { document, typeOverrides: typeOverrides.filter((o) => !o.includes('missing in YAML')) };
}
