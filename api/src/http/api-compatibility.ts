// The versioning rule, checked (issue 38 item 6): compares the public OpenAPI document with the one
// last released and names each change that could break a caller written against the released one.
// Such changes need a new API version (api-version.ts): the check fails while the document's
// `info.version` is still the released one. Pure: two documents in, findings out.

import { EXTENSIBLE_ENUM } from '@portal/shared-contracts';

type Json = Record<string, unknown>;
interface Document {
  info?: { version?: string };
  paths?: Record<string, Record<string, Json>>;
  webhooks?: Record<string, unknown>;
  components?: { schemas?: Record<string, Json>; parameters?: Record<string, Json> };
}

export interface BreakingChange {
  where: string;
  what: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const MAX_DEPTH = 12;

/** The schema itself, its `$ref` followed in its own document. */
function resolve(document: Document, schema: unknown): Json | undefined {
  let current = schema as Json | undefined;
  for (let hops = 0; hops < 10 && current && typeof current.$ref === 'string'; hops++) {
    const name = current.$ref.split('/').pop() ?? '';
    current = current.$ref.startsWith('#/components/parameters/')
      ? document.components?.parameters?.[name]
      : document.components?.schemas?.[name];
  }
  return current;
}

const typeOf = (schema: Json | undefined) => {
  const type = schema?.type;
  return Array.isArray(type) ? [...type].sort().join('|') : typeof type === 'string' ? type : undefined;
};

/**
 * What an answer promised and no longer keeps: a field gone, a type changed, a value of an enum
 * the caller could not have expected.
 */
function compareAnswer(
  found: BreakingChange[],
  where: string,
  before: { document: Document; schema: unknown },
  after: { document: Document; schema: unknown },
  depth = 0,
): void {
  if (depth > MAX_DEPTH) return;
  const old = resolve(before.document, before.schema);
  const now = resolve(after.document, after.schema);
  if (!old || !now) return;
  if (typeOf(old) && typeOf(now) && typeOf(old) !== typeOf(now)) {
    found.push({ where, what: `answer type ${typeOf(old)} became ${typeOf(now)}` });
    return;
  }
  const oldEnum = old.enum as unknown[] | undefined;
  const nowEnum = now.enum as unknown[] | undefined;
  // A list the document says may grow (EXTENSIBLE_ENUM: webhook events, API-key scopes) gains values
  // within a version, as README "Versions" allows; any other answer enum may not.
  if (oldEnum && nowEnum && now[EXTENSIBLE_ENUM] !== true) {
    const added = nowEnum.filter((value) => !oldEnum.includes(value));
    if (added.length > 0) found.push({ where, what: `answer may now be ${JSON.stringify(added)}` });
  }
  const oldProperties = (old.properties ?? {}) as Record<string, unknown>;
  const nowProperties = (now.properties ?? {}) as Record<string, unknown>;
  const oldRequired = new Set((old.required ?? []) as string[]);
  const nowRequired = new Set((now.required ?? []) as string[]);
  for (const [name, schema] of Object.entries(oldProperties)) {
    if (!(name in nowProperties)) {
      found.push({ where: `${where}.${name}`, what: 'answer field removed' });
      continue;
    }
    if (oldRequired.has(name) && !nowRequired.has(name)) {
      found.push({ where: `${where}.${name}`, what: 'answer field no longer always present' });
    }
    compareAnswer(
      found,
      `${where}.${name}`,
      { ...before, schema },
      { ...after, schema: nowProperties[name] },
      depth + 1,
    );
  }
  if (old.items && now.items) {
    compareAnswer(found, `${where}[]`, { ...before, schema: old.items }, { ...after, schema: now.items }, depth + 1);
  }
}

/** What a request the released document allowed may no longer do: a new required field, a field refused. */
function compareRequest(
  found: BreakingChange[],
  where: string,
  before: { document: Document; schema: unknown },
  after: { document: Document; schema: unknown },
  depth = 0,
): void {
  if (depth > MAX_DEPTH) return;
  const old = resolve(before.document, before.schema);
  const now = resolve(after.document, after.schema);
  if (!old || !now) return;
  if (typeOf(old) && typeOf(now) && typeOf(old) !== typeOf(now)) {
    found.push({ where, what: `request type ${typeOf(old)} became ${typeOf(now)}` });
    return;
  }
  const oldEnum = old.enum as unknown[] | undefined;
  const nowEnum = now.enum as unknown[] | undefined;
  if (oldEnum && nowEnum) {
    const removed = oldEnum.filter((value) => !nowEnum.includes(value));
    if (removed.length > 0) found.push({ where, what: `request value ${JSON.stringify(removed)} refused` });
  }
  const oldProperties = (old.properties ?? {}) as Record<string, unknown>;
  const nowProperties = (now.properties ?? {}) as Record<string, unknown>;
  const oldRequired = new Set((old.required ?? []) as string[]);
  for (const name of (now.required ?? []) as string[]) {
    if (!oldRequired.has(name)) found.push({ where: `${where}.${name}`, what: 'new required request field' });
  }
  for (const [name, schema] of Object.entries(oldProperties)) {
    if (!(name in nowProperties)) {
      if (now.additionalProperties === false) found.push({ where: `${where}.${name}`, what: 'request field refused' });
      continue;
    }
    compareRequest(
      found,
      `${where}.${name}`,
      { ...before, schema },
      { ...after, schema: nowProperties[name] },
      depth + 1,
    );
  }
  if (old.items && now.items) {
    compareRequest(found, `${where}[]`, { ...before, schema: old.items }, { ...after, schema: now.items }, depth + 1);
  }
}

const parametersOf = (document: Document, operation: Json) =>
  new Map(
    ((operation.parameters ?? []) as unknown[])
      .map((parameter) => resolve(document, parameter))
      .filter((parameter): parameter is Json => parameter !== undefined)
      .map((parameter) => [`${parameter.in} ${parameter.name}`, parameter]),
  );

const bodyOf = (operation: Json) => {
  const content = (operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  return content ? Object.values(content)[0]?.schema : undefined;
};

const answersOf = (operation: Json) =>
  (operation.responses ?? {}) as Record<string, { content?: Record<string, { schema?: unknown }> }>;

export function breakingChanges(released: Document, current: Document): BreakingChange[] {
  const found: BreakingChange[] = [];
  const before = (schema: unknown) => ({ document: released, schema });
  const after = (schema: unknown) => ({ document: current, schema });
  for (const [path, operations] of Object.entries(released.paths ?? {})) {
    for (const method of METHODS) {
      const old = operations[method];
      if (!old) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const now = current.paths?.[path]?.[method];
      if (!now) {
        found.push({ where, what: 'operation removed' });
        continue;
      }
      const oldParameters = parametersOf(released, old);
      const nowParameters = parametersOf(current, now);
      for (const [key, parameter] of nowParameters) {
        if (parameter.required && !oldParameters.get(key)?.required) {
          found.push({ where: `${where} ${key}`, what: 'new required parameter' });
        }
      }
      for (const key of oldParameters.keys()) {
        if (!nowParameters.has(key) && key.startsWith('query ')) {
          found.push({ where: `${where} ${key}`, what: 'parameter refused' });
        }
      }
      const oldBody = bodyOf(old);
      const nowBody = bodyOf(now);
      if (oldBody && nowBody) compareRequest(found, `${where} body`, before(oldBody), after(nowBody));
      else if (!oldBody && nowBody && (now.requestBody as { required?: boolean }).required) {
        found.push({ where: `${where} body`, what: 'a body is now required' });
      }
      for (const [status, answer] of Object.entries(answersOf(old))) {
        if (!status.startsWith('2')) continue;
        const nowAnswer = answersOf(now)[status];
        if (!nowAnswer) {
          found.push({ where: `${where} ${status}`, what: 'answer removed' });
          continue;
        }
        for (const [type, content] of Object.entries(answer.content ?? {})) {
          const nowContent = nowAnswer.content?.[type];
          if (!nowContent) found.push({ where: `${where} ${status} ${type}`, what: 'answer media type removed' });
          else compareAnswer(found, `${where} ${status}`, before(content.schema), after(nowContent.schema));
        }
      }
    }
  }
  for (const event of Object.keys(released.webhooks ?? {})) {
    if (!current.webhooks?.[event]) found.push({ where: `webhook ${event}`, what: 'event removed' });
  }
  return found;
}

/**
 * The check: the breaking changes, which fail it unless the document is a new version (its
 * `info.version` differs from the released one's).
 */
export function checkCompatibility(
  released: Document,
  current: Document,
): { breaking: BreakingChange[]; newVersion: boolean; ok: boolean } {
  const breaking = breakingChanges(released, current);
  const newVersion = current.info?.version !== released.info?.version;
  return { breaking, newVersion, ok: breaking.length === 0 || newVersion };
}
