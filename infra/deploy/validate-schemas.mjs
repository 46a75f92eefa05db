// Validates Kubernetes objects against the Kubernetes API's JSON schemas, offline (the schemas ship
// inside the kubernetes-models package, the Prometheus Operator's in @kubernetes-models/prometheus-operator:
// nothing is downloaded at run time).
// Usage: kubectl kustomize infra/deploy/k8s/overlays/production | node infra/deploy/validate-schemas.mjs
// Prints one line per invalid or unknown object and ends with status 1; silent with status 0 when
// every object is valid. ESM on its own (kubernetes-models is ESM only), run by manifests.test.ts.
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

/** Problems of each object: [] when valid. */
export async function validateObjects(objects) {
  const problems = [];
  for (const object of objects) {
    const label = `${object?.kind ?? '?'} ${object?.metadata?.name ?? '?'} (${object?.apiVersion ?? '?'})`;
    if (!object?.apiVersion || !object?.kind) {
      problems.push(`${label}: apiVersion and kind are required`);
      continue;
    }
    let Model;
    try {
      // Core objects are kubernetes-models/v1/<Kind>; others kubernetes-models/<group>/<version>/<Kind>;
      // the Prometheus Operator's (ServiceMonitor, PrometheusRule) come with their own package.
      const models = object.apiVersion.startsWith('monitoring.coreos.com/')
        ? '@kubernetes-models/prometheus-operator'
        : 'kubernetes-models';
      Model = (await import(`${models}/${object.apiVersion}/${object.kind}`))[object.kind];
    } catch {
      problems.push(`${label}: no schema for this apiVersion and kind in kubernetes-models`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      problems.push(`${label}: ${error.message}`);
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const objects = parseAllDocuments(readFileSync(0, 'utf8'))
    .map((document) => document.toJS())
    .filter(Boolean);
  const problems = await validateObjects(objects);
  for (const problem of problems) console.log(problem);
  process.exit(problems.length ? 1 : 0);
}
