// What the API answers and takes, as its OpenAPI document says (issue 20 item 1): generated into
// openapi.gen.ts by `npm run api:types` from the routes' zod schemas, so a remote names an answer
// (`GetAdminUsersByIdResponse`, `PostComplaintsData['body']`, …) instead of restating it, and a
// change of a route's answer shows up in the remotes' type-check. Types only: nothing of this
// reaches a bundle.
export type * from './openapi.gen';

/** One member of a Hydra collection answer (`GetAdminUsersResponse` → one user of the page). */
export type MemberOf<Collection> = Collection extends { 'hydra:member': Array<infer Member> } ? Member : never;
