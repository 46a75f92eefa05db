// Lints an OpenAPI document with Redocly's rules (issue 20): `node api/scripts/lint-openapi.mjs
// < openapi.json` prints the problems as JSON lines and exits 1 when one of them is an error.
// A script of its own because @redocly/openapi-core is ESM only (the jest test starts it).
import { text } from 'node:stream/consumers';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const config = await createConfig({
  extends: ['recommended'],
  rules: {
    // The document is served by the API it describes: `/` is its server.
    'no-server-trailing-slash': 'off',
    // Every error answer is a Hydra error; the routes name the 4xx they give.
    'operation-4xx-response': 'error',
    // The portal's API is the operator's own; no licence is published for it.
    'info-license': 'off',
    'info-license-strict': 'off',
  },
});
const problems = await lintFromString({ source: await text(process.stdin), absoluteRef: 'openapi.json', config });
for (const problem of problems) {
  console.log(
    JSON.stringify({
      rule: problem.ruleId,
      severity: problem.severity,
      message: problem.message,
      where: problem.location.map((location) => location.pointer).join(' '),
    }),
  );
}
process.exit(problems.some((problem) => problem.severity === 'error') ? 1 : 0);
