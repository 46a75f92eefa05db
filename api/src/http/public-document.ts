// The public OpenAPI document (issue 38 item 5): of the portal's whole document, what a company's
// own system (an API key) and the embeds (the anonymous twins of the same calls) may call, grouped
// by task, with every request body and answer a named component schema, the API key scheme with
// the scope each operation needs, and the webhook events. Made from the whole document once.

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  tags?: string[];
  security?: Json[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
  'x-api-key-scope'?: string;
}
export interface OpenApiDocument extends Json {
  info: Json & { description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: Json & { schemas?: Record<string, Json>; securitySchemes?: Record<string, Json> };
}

/** The route extension openapi.ts writes on the operations an API key may call. */
export const API_KEY_SCOPE_EXTENSION = 'x-api-key-scope';

/** The tasks a shop does with the post, in the reference's order: each operation's tag. */
const TASKS: { name: string; description: string; matches: (path: string) => boolean }[] = [
  { name: 'Account', description: 'Who the key is: `GET /api/me`.', matches: (path) => path === '/api/me' },
  {
    name: 'Price',
    description: 'Products (work flows), countries and prices, in cents.',
    matches: (path) => /\/(prices|work_flows|countries)(\/|$)/.test(path),
  },
  {
    name: 'Labels',
    description: 'A paid order’s label (A6/A4 PDF or ZPL), customs form and hand-over code.',
    matches: (path) => /\/(documents|handover)(\/|$)/.test(path),
  },
  { name: 'Track', description: 'Shipments by their S10 number.', matches: (path) => /\/tracking(\/|$)/.test(path) },
  {
    name: 'Webhooks',
    description: 'Endpoints told of paid orders and status changes (the events are under Webhooks).',
    matches: (path) => path.includes('/webhook_endpoints'),
  },
  {
    name: 'Test mode',
    description: 'With a test key (`lvp_test_…`): move a test order along its journey.',
    matches: (path) => path.startsWith('/api/test_helpers/'),
  },
  {
    name: 'Ship',
    description: 'Create, check, change, cancel and pay orders.',
    matches: (path) => path.includes('/orders'),
  },
];

/** The schemas reachable from `roots` through `#/components/schemas/` references. */
function referenced(schemas: Record<string, Json>, roots: unknown[]): Record<string, Json> {
  const kept: Record<string, Json> = {};
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')) {
        const name = inner.slice('#/components/schemas/'.length);
        const schema = schemas[name];
        if (schema && !(name in kept)) {
          kept[name] = schema;
          visit(schema);
        }
      } else visit(inner);
    }
  };
  for (const root of roots) visit(root);
  return Object.fromEntries(
    Object.keys(schemas)
      .filter((name) => name in kept)
      .map((name) => [name, kept[name] as Json]),
  );
}

const pascal = (text: string) => text.replace(/^[a-z]/, (first) => first.toUpperCase());

/**
 * Moves an inline schema into `components.schemas[name]` and answers its reference; a schema the
 * same as one named already (an anonymous twin's) gets that one's name.
 */
function named(
  schemas: Record<string, Json>,
  seen: Map<string, string>,
  name: string,
  schema: Json | undefined,
): Json | undefined {
  if (!schema || typeof schema.$ref === 'string') return schema;
  const text = JSON.stringify(schema);
  const known = seen.get(text);
  if (known) return { $ref: `#/components/schemas/${known}` };
  seen.set(text, name);
  schemas[name] = schema;
  return { $ref: `#/components/schemas/${name}` };
}

export function publicDocument(
  whole: OpenApiDocument,
  options: {
    gettingStarted: string;
    webhooks: Record<string, string>;
    signature: string;
    /** The current API version (api-version.ts): the document's `info.version`. */
    version: string;
    versions: readonly string[];
  },
): OpenApiDocument {
  const keyPaths = new Map<string, Set<string>>();
  for (const [path, operations] of Object.entries(whole.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation[API_KEY_SCOPE_EXTENSION]) keyPaths.set(path, (keyPaths.get(path) ?? new Set()).add(method));
    }
  }
  const schemas: Record<string, Json> = structuredClone(whole.components?.schemas ?? {});
  const paths: OpenApiDocument['paths'] = {};
  const seen = new Map<string, string>();
  // The calls a key makes first: a twin's schema takes the key call's name.
  const ordered = Object.entries(whole.paths).sort(
    ([a], [b]) => Number(a.startsWith('/api/public/')) - Number(b.startsWith('/api/public/')),
  );
  for (const [path, operations] of ordered) {
    // The embeds call the anonymous twins of the calls a key makes (/api/public/prices/…).
    const twin = path.startsWith('/api/public/') ? `/api/${path.slice('/api/public/'.length)}` : null;
    for (const [method, original] of Object.entries(operations)) {
      const scope = original[API_KEY_SCOPE_EXTENSION];
      const anonymous = twin !== null && keyPaths.get(twin)?.has(method);
      if (!scope && !anonymous) continue;
      const operation: Operation = structuredClone(original);
      const task = TASKS.find((candidate) => candidate.matches(twin ?? path));
      operation.tags = [task?.name ?? 'Ship'];
      operation.security = anonymous ? [] : [{ apiKey: scope === 'any' ? [] : [scope] }];
      operation.parameters = [
        ...((operation.parameters as Json[] | undefined) ?? []),
        { $ref: '#/components/parameters/ApiVersion' },
      ];
      const name = pascal(operation.operationId ?? `${method}${path}`);
      for (const content of Object.values(operation.requestBody?.content ?? {})) {
        const reference = named(schemas, seen, `${name}Body`, content.schema);
        if (reference) content.schema = reference;
      }
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        for (const content of Object.values(answer.content ?? {})) {
          if (status.startsWith('2')) {
            const reference = named(schemas, seen, `${name}Response`, content.schema);
            if (reference) content.schema = reference;
          } else if (content.schema && content.schema.$ref === undefined) {
            // Every error answer is the same Hydra error; its meaning is the answer's description.
            const { description: _meaning, ...error } = content.schema;
            schemas.Error ??= {
              ...error,
              description: 'A Hydra error: `code` for programs, the description for people.',
            };
            content.schema = { $ref: '#/components/schemas/Error' };
          }
        }
      }
      paths[path] = { ...paths[path], [method]: operation };
    }
  }
  const used = new Set(TASKS.map((task) => task.name));
  const webhooks = Object.fromEntries(
    Object.entries(options.webhooks).map(([event, schemaId]) => [
      event,
      {
        post: {
          summary: `The \`${event}\` event`,
          description: options.signature,
          operationId: `webhook${event.split(/[._]/).map(pascal).join('')}`,
          tags: ['Webhooks'],
          security: [],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaId}` } } },
          },
          responses: { '200': { description: 'Any 2xx: received. Anything else is tried again.' } },
        },
      },
    ]),
  );
  return {
    ...whole,
    info: { ...whole.info, version: options.version, description: options.gettingStarted },
    tags: TASKS.filter((task) => used.has(task.name)).map(({ name, description }) => ({ name, description })),
    paths,
    webhooks,
    components: {
      ...whole.components,
      // Only the schemas this document refers to (the portal's screens' own are in the whole one).
      schemas: referenced(schemas, [paths, webhooks]),
      parameters: {
        ApiVersion: {
          name: 'API-Version',
          in: 'header',
          required: false,
          description:
            'The version your code was written for (a release date); without it, the current one. Answers say which ' +
            'version answered in `API-Version`. Within a version changes are additive only.',
          schema: { type: 'string', enum: [...options.versions] },
        },
      },
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'API key: lvp_live_… or lvp_test_…',
          description:
            'A company account’s API key, `Authorization: Bearer lvp_live_…` (or `lvp_test_…` in test mode). Each ' +
            'operation names the scope it needs (`read`, `ship`, `track`, `webhooks`); `GET /api/me` takes any key.',
        },
      },
    },
  };
}
