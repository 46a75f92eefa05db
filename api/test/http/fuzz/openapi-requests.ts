// Issue 36 item 1: requests made from the API's own OpenAPI document, so that a route is fuzzed the
// day it is added. For every operation, a request that follows its schemas (path parameters,
// query, JSON body), then the same request with one part at a time replaced by an odd value: each
// path parameter, each query parameter, and each leaf of the body, inside arrays and nested objects
// too. The sweep (fuzz-openapi-document.test.ts) sends them all and wants no 5xx.

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  default?: unknown;
}

export interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface FuzzRequest {
  method: string;
  url: string;
  /** JSON text, or undefined for none. */
  body?: string;
  /** What was changed from the schema's request: `path id`, `query page`, `body orderLines[0].weight`. */
  changed: string;
}

type Path = (string | number)[];

/** Odd values for a leaf, by what the schema says it is; every leaf also gets the common ones. */
const ODD_BY_TYPE: Record<string, unknown[]> = {
  integer: [2_147_483_648, -2_147_483_649, 1.5, 1e308],
  number: [1e308, -1e308, 'NaN'],
  string: ['', 'a\u0000b', '\ud800', 'x'.repeat(20_000)],
  boolean: ['true', 0],
};
const ODD_FOR_EVERY_LEAF: unknown[] = [null, { nested: [[[['deep']]]] }];
/** Odd text for path and query parameters (they are always text on the wire). */
const ODD_TEXT = ['', 'a%00b', '%ED%A0%80', '2147483648', '-1', '99999999999999999999999', 'x'.repeat(2_000), '[]'];

export function fuzzRequests(
  document: OpenApiDocument,
  exampleValue: (name: string) => string | undefined,
): FuzzRequest[] {
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    const name = schema?.$ref?.split('/').pop();
    return name ? document.components?.schemas?.[name] : schema;
  };
  const requests: FuzzRequest[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const pathValues = Object.fromEntries(
        parameters
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => [
            parameter.name,
            exampleValue(parameter.name) ?? String(sampleOf(resolve(parameter.schema), resolve) ?? 'x'),
          ]),
      );
      const queryValues = Object.fromEntries(
        parameters
          .filter((parameter) => parameter.in === 'query' && parameter.required)
          .map((parameter) => [parameter.name, String(sampleOf(resolve(parameter.schema), resolve) ?? '')]),
      );
      const json =
        operation.requestBody?.content['application/json'] ?? operation.requestBody?.content['application/ld+json'];
      const body = json ? sampleOf(resolve(json.schema), resolve) : undefined;
      const request = (
        path: Record<string, string>,
        query: Record<string, string>,
        payload: unknown,
        changed: string,
      ) => ({
        method: method.toUpperCase(),
        url: urlOf(template, path, query),
        ...(json ? { body: payload === undefined ? undefined : JSON.stringify(payload) } : {}),
        changed,
      });

      requests.push(request(pathValues, queryValues, body, 'nothing'));
      for (const name of Object.keys(pathValues)) {
        for (const odd of ODD_TEXT)
          requests.push(request({ ...pathValues, [name]: odd }, queryValues, body, `path ${name}`));
      }
      for (const parameter of parameters.filter((each) => each.in === 'query')) {
        for (const odd of ODD_TEXT) {
          requests.push(
            request(pathValues, { ...queryValues, [parameter.name]: odd }, body, `query ${parameter.name}`),
          );
        }
      }
      if (json) {
        for (const { path, schema } of leavesOf(resolve(json.schema), resolve)) {
          const types = ([] as (string | undefined)[]).concat(resolve(schema)?.type);
          const odd = [...types.flatMap((type) => ODD_BY_TYPE[type ?? ''] ?? []), ...ODD_FOR_EVERY_LEAF];
          for (const value of odd) {
            requests.push(request(pathValues, queryValues, replacedAt(body, path, value), `body ${formatPath(path)}`));
          }
        }
        requests.push(request(pathValues, queryValues, [body], 'body as an array'));
        requests.push(request(pathValues, queryValues, 'text', 'body as text'));
      }
    }
  }
  return requests;
}

/** A value the schema accepts as far as its shape goes (rules beyond the schema may still refuse it). */
export function sampleOf(
  schema: JsonSchema | undefined,
  resolve: (s: JsonSchema | undefined) => JsonSchema | undefined,
  depth = 0,
): unknown {
  const target = resolve(schema);
  if (!target || depth > 12) return undefined;
  if (target.const !== undefined) return target.const;
  if (target.enum?.length) return target.enum[0];
  if (target.default !== undefined) return target.default;
  const alternatives = target.anyOf ?? target.oneOf;
  if (alternatives) {
    const chosen = alternatives.find((each) => resolve(each)?.type !== 'null') ?? alternatives[0];
    return sampleOf(chosen, resolve, depth + 1);
  }
  if (target.allOf) {
    return Object.assign({}, ...target.allOf.map((part) => sampleOf(part, resolve, depth + 1) ?? {}));
  }
  const type = ([] as (string | undefined)[]).concat(target.type).find((each) => each !== 'null');
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(target.properties ?? {}).map(([name, property]) => [
          name,
          sampleOf(property, resolve, depth + 1),
        ]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, target.minItems ?? 1) }, () =>
        sampleOf(target.items, resolve, depth + 1),
      );
    case 'integer':
    case 'number':
      return target.minimum !== undefined && target.minimum > 0 ? target.minimum : 1;
    case 'boolean':
      return true;
    case 'string':
      return sampleText(target);
    default:
      return null;
  }
}

function sampleText(schema: JsonSchema): string {
  if (schema.format === 'date') return '2026-12-07';
  if (schema.format === 'date-time') return '2026-12-07T10:00:00.000Z';
  if (schema.format === 'email') return 'fuzz@example.com';
  if (schema.format === 'uri') return 'https://example.com/';
  return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** Every leaf of an object schema with its path: properties, array items (as index 0), nested objects. */
function leavesOf(
  schema: JsonSchema | undefined,
  resolve: (s: JsonSchema | undefined) => JsonSchema | undefined,
  path: Path = [],
  depth = 0,
): { path: Path; schema: JsonSchema }[] {
  const target = resolve(schema);
  if (!target || depth > 12) return [];
  const alternatives = target.anyOf ?? target.oneOf;
  if (alternatives) {
    const chosen = alternatives.find((each) => resolve(each)?.type !== 'null') ?? alternatives[0];
    return leavesOf(chosen, resolve, path, depth + 1);
  }
  const type = ([] as (string | undefined)[]).concat(target.type).find((each) => each !== 'null');
  if (type === 'object' && target.properties) {
    return Object.entries(target.properties).flatMap(([name, property]) =>
      leavesOf(property, resolve, [...path, name], depth + 1),
    );
  }
  if (type === 'array') return [{ path, schema: target }, ...leavesOf(target.items, resolve, [...path, 0], depth + 1)];
  return path.length > 0 ? [{ path, schema: target }] : [];
}

function replacedAt(value: unknown, path: Path, leaf: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replacedAt(copy[head], rest, leaf);
  return copy;
}

const formatPath = (path: Path) =>
  path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part),
    '',
  );

function urlOf(template: string, path: Record<string, string>, query: Record<string, string>): string {
  const filled = template.replace(/\{([^}]+)\}/g, (_whole, name: string) => encodeText(path[name] ?? 'x'));
  const search = Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeText(value)}`)
    .join('&');
  return search ? `${filled}?${search}` : filled;
}

/** Text as it goes on the wire: already percent-encoded odd values (`a%00b`) are sent as they are. */
const encodeText = (value: string) => (/%[0-9A-F]{2}/i.test(value) ? value : encodeURIComponent(value));
