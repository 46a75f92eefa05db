// Issue 35 item 9: what a cluster operator expects beside the Deployment. Alert rules on the
// metrics the API serves, scrape annotations with the metrics token, an OpenTelemetry collector and
// the operator's own map tiles per environment, and a NetworkPolicy (traffic from the Ingress
// controller and the scraper only; egress to what the portal uses).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@portal/api/config';
import { parse, parseAllDocuments } from 'yaml';

// biome-ignore lint/suspicious/noExplicitAny: parsed manifests
type K8sObject = Record<string, any>;

const render = (overlay: string): K8sObject[] =>
  parseAllDocuments(
    execFileSync('kubectl', ['kustomize', path.join(__dirname, 'k8s/overlays', overlay)], { encoding: 'utf8' }),
  )
    .map((document) => document.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);

/** Every metric name api/src/http/metrics.ts registers, with a histogram's series. */
function servedMetrics(): Set<string> {
  const source = readFileSync(path.join(__dirname, '../../api/src/http/metrics.ts'), 'utf8');
  const names = [...source.matchAll(/name: '([a-z_]+)'/g)].map(([, name]) => name ?? '');
  return new Set(names.flatMap((name) => [name, `${name}_bucket`, `${name}_sum`, `${name}_count`]));
}

it('alerts only on metrics the API serves: 5xx, p99, a degraded dependency, jobs, the pool', () => {
  const rules = parse(readFileSync(path.join(__dirname, 'monitoring/portal-alerts.yaml'), 'utf8')).groups.flatMap(
    (group: K8sObject) => group.rules,
  ) as { alert: string; expr: string }[];
  expect(rules.map((rule) => rule.alert)).toEqual(
    expect.arrayContaining(['PortalHigh5xxRate', 'PortalSlowP99', 'PortalDependencyDegraded', 'PortalJobFailing']),
  );
  const served = servedMetrics();
  for (const rule of rules) {
    const used = [...rule.expr.matchAll(/\b((?:http|portal|db)_[a-z_]+)\b/g)].map(([, name]) => name ?? '');
    expect(used.length).toBeGreaterThan(0);
    expect({ alert: rule.alert, unknown: used.filter((name) => !served.has(name)) }).toEqual({
      alert: rule.alert,
      unknown: [],
    });
  }
});

describe.each(['local', 'staging', 'production'])('overlay %s', (overlay) => {
  const objects = render(overlay);
  const deployment = objects.find((object) => object.kind === 'Deployment' && object.metadata.name === 'portal');
  const settings = objects.find(
    (object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('portal-settings-'),
  )?.data as Record<string, string>;

  it('lets the scraper find /metrics on the pods', () => {
    expect(deployment?.spec.template.metadata.annotations).toMatchObject({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': '8080',
      'prometheus.io/path': '/metrics',
    });
  });

  it('admits traffic from the Ingress controller and the scraper only, and lets out what the portal uses', () => {
    const policy = objects.find((object) => object.kind === 'NetworkPolicy' && object.metadata.name === 'portal');
    expect(policy?.spec.podSelector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'portal' });
    expect(policy?.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    const sources = policy?.spec.ingress.flatMap((rule: K8sObject) =>
      rule.from.map((peer: K8sObject) => peer.namespaceSelector.matchLabels['kubernetes.io/metadata.name']),
    );
    expect(sources.sort()).toEqual(['ingress-nginx', 'monitoring']);
    const egressPorts = policy?.spec.egress.flatMap((rule: K8sObject) =>
      rule.ports.map((port: K8sObject) => port.port),
    );
    expect(egressPorts).toEqual(expect.arrayContaining([53, 5432, 6379, 443, 587]));
  });

  if (overlay !== 'local') {
    it("sends traces to the environment's collector and draws the map from the operator's tiles", () => {
      expect(settings.OTEL_EXPORTER_OTLP_ENDPOINT).toMatch(/^https?:\/\/otel-collector/);
      expect(settings.MAP_TILE_URL).toMatch(/^https:\/\/tiles\./);
      expect(settings.MAP_TILE_URL).not.toContain('openstreetmap.org');
      // The module reads them as given (manifests.test.ts judges the overlay's whole configuration).
      const config = loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: settings.OTEL_EXPORTER_OTLP_ENDPOINT,
        MAP_TILE_URL: settings.MAP_TILE_URL,
      });
      expect(config.tracing?.endpoint).toBe(settings.OTEL_EXPORTER_OTLP_ENDPOINT);
      expect(config.mapTiles?.url).toBe(settings.MAP_TILE_URL);
    });
  }
});
