// The portal's calls typed by the API's own document (issue 38 item 6): a screen names the
// operation's path template as the document writes it ('/api/orders/{key}') with the method, and
// the path parameters, query, body and answer are the generated types' (`ApiPaths`, made by
// `npm run api:types` from the portal's OpenAPI document). A wrong path, a missing parameter or a
// body the route does not take fails the type-check; the answer needs no `as` of the caller's.
//
// Types over the one client (api-client.ts), not a second one: the calls go through the same
// `request` (account header, token, locale, public paths for visitors, bot check, Hydra errors as
// `ApplicationError` with violations, abort signals), so nothing reaches a bundle but `typedCalls`.
import type { ApiPaths } from '../api-types/openapi.gen';
import type { HttpMethod, RequestOptions } from './request-options';

export type { ApiPaths };
/** The methods of the document, in its spelling (lower case). */
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** The path templates that have an operation for the method. */
export type PathsWith<Method extends ApiMethod> = {
  [Path in keyof ApiPaths]: Method extends keyof ApiPaths[Path] ? Path : never;
}[keyof ApiPaths];

type Operation<Path extends keyof ApiPaths, Method extends ApiMethod> = ApiPaths[Path][Method & keyof ApiPaths[Path]];
type DataOf<Path extends keyof ApiPaths, Method extends ApiMethod> =
  Operation<Path, Method> extends { data: infer Data } ? Data : never;
type ResponsesOf<Path extends keyof ApiPaths, Method extends ApiMethod> =
  Operation<Path, Method> extends { responses: infer Responses } ? Responses : never;

/** What the operation answers when it succeeds (204: undefined). */
export type ApiAnswer<Path extends keyof ApiPaths, Method extends ApiMethod> =
  ResponsesOf<Path, Method> extends infer Responses
    ? Responses[keyof Responses] extends void
      ? undefined
      : Exclude<Responses[keyof Responses], void>
    : never;
/** The body the operation takes. */
export type ApiBody<Path extends keyof ApiPaths, Method extends ApiMethod> =
  DataOf<Path, Method> extends {
    body?: infer Body;
  }
    ? Body
    : never;
/** The query the operation takes. */
export type ApiQuery<Path extends keyof ApiPaths, Method extends ApiMethod> = NonNullable<
  DataOf<Path, Method> extends { query?: infer Query } ? Query : never
>;

/**
 * A query or path value as a call may give it: the document writes every query and path parameter
 * as text (the address is text), so where it says `string` a number goes too, and where it takes
 * 'true'/'false' a boolean; the client writes them into the address the same way.
 */
type Loose<Value> = (string extends Value ? number : never) | ('true' extends Value ? boolean : never) | Value;
type LooseFields<Fields> = Fields extends object ? { [Name in keyof Fields]: Loose<Fields[Name]> } : Fields;
/** A JSON body of a route whose document does not describe it (it parses it itself). */
type UndescribedJson = object;
/** `path`, `query` and `body` of the operation, required where the document requires them. */
type Parts<Data> = Pick<Data, Extract<keyof Data, 'path' | 'query' | 'body'>>;
/**
 * The operation's parts as a call gives them. A body the document cannot type (the route reads it
 * itself: `consumes` XLSX, CSV, octet-stream, or JSON it parses, as the complaints and the places'
 * import do) is a Blob, FormData or a JSON object, never for a GET;
 * a JSON body may also go as multipart FormData (the JSON in a field beside files, as complaints take).
 */
type Shaped<Data, Method extends ApiMethod> = {
  [Part in keyof Parts<Data>]: Part extends 'body'
    ? [NonNullable<Parts<Data>[Part]>] extends [never]
      ? Method extends 'get'
        ? never
        : Blob | FormData | UndescribedJson
      : Parts<Data>[Part] | (Method extends 'get' ? never : FormData)
    : LooseFields<Parts<Data>[Part]>;
};

/**
 * A call's options: `path` (the template's parameters), `query` and `body` as the document has
 * them (required where it requires them), with the client's own options beside them.
 */
export type CallOptions<Path extends keyof ApiPaths, Method extends ApiMethod> = Omit<
  RequestOptions,
  'query' | 'body'
> &
  Shaped<DataOf<Path, Method>, Method>;

/** A call's query as it may be given (numbers and booleans where the document writes text). */
export type CallQuery<Path extends keyof ApiPaths, Method extends ApiMethod> =
  CallOptions<Path, Method> extends { query?: infer Query } ? NonNullable<Query> : never;

/** The options argument, optional when the operation needs no parameter, query or body. */
type CallArguments<Path extends keyof ApiPaths, Method extends ApiMethod> =
  Record<never, never> extends Parts<DataOf<Path, Method>>
    ? [options?: CallOptions<Path, Method>]
    : [options: CallOptions<Path, Method>];

type Call<Method extends ApiMethod> = <Path extends PathsWith<Method>>(
  path: Path,
  ...options: CallArguments<Path, Method>
) => Promise<ApiAnswer<Path, Method>>;

/** The typed calls: `api.GET('/api/orders/{key}', { path: { key }, signal })`, and so on. */
export interface TypedCalls {
  GET: Call<'get'>;
  POST: Call<'post'>;
  PUT: Call<'put'>;
  PATCH: Call<'patch'>;
  DELETE: Call<'delete'>;
}

/** How the typed calls send: the client's `request` (or a test's fake of it). */
export type Send = (method: HttpMethod, path: string, options: RequestOptions) => Promise<unknown>;

/** Fills a path template's `{name}` parameters, each percent-encoded ('/api/orders/{key}' → '/api/orders/AB%2F1'). */
export function fillPath(template: string, parameters: Record<string, unknown> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = parameters[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`the path ${template} needs its parameter "${name}"`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * The last segment of an address the API handed out, decoded ('/api/orders/AB%2012' → 'AB 12'): the
 * parameter to give the template the address stands for (`{ path: { key: lastSegment(order['@id']) } }`).
 */
export function lastSegment(iri: string): string {
  const segment =
    iri
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? '';
  if (segment === '') throw new TypeError(`"${iri}" names no resource`);
  return decodeURIComponent(segment);
}

/** The names of a path template's parameters: `'/api/x/{id}/y/{itemId}'` → `'id' | 'itemId'`. */
export type ParameterNames<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParameterNames<Rest>
  : never;

/**
 * The parameters of a template read from an address the API handed out (an `@id`, or its public
 * twin under `/api/public/`): `parametersOf('/api/complaints/{id}/attachments/{attachmentId}',
 * '/api/public/complaints/5/attachments/9')` → `{ id: '5', attachmentId: '9' }`. An address of
 * another shape throws rather than call a wrong path.
 */
export function parametersOf<Template extends keyof ApiPaths & string>(
  template: Template,
  address: string,
): Record<ParameterNames<Template>, string> {
  const names: string[] = [];
  const pattern = template
    .replace(/^\/api\//, '')
    .split(/\{([^}]+)\}/)
    .map((part, index) => {
      if (index % 2 === 1) {
        names.push(part);
        return '([^/?#]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const match = new RegExp(`^/api/(?:public/)?${pattern}(?:[?#].*)?$`).exec(address);
  if (!match) throw new TypeError(`"${address}" is not an address of ${template}`);
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')])) as Record<
    ParameterNames<Template>,
    string
  >;
}

/** The typed calls over a client's `request`: one place, shared by the real client and the tests' fake. */
export function typedCalls(send: Send): TypedCalls {
  const call =
    (method: HttpMethod) =>
    (template: string, options: RequestOptions & { path?: Record<string, unknown>; body?: unknown } = {}) => {
      const { path, ...rest } = options;
      return send(method, fillPath(template, path), rest);
    };
  return {
    GET: call('GET'),
    POST: call('POST'),
    PUT: call('PUT'),
    PATCH: call('PATCH'),
    DELETE: call('DELETE'),
  } as TypedCalls;
}
