// Issue 35 item 9: what a cluster operator expects beside the Deployment. Alert rules on the
// metrics the API serves (5xx, p99, a degraded dependency, jobs, the pool, webhook deliveries, the
// tracking feed), scrape annotations, and in staging and production a ServiceMonitor with the
// metrics token and the rules as a PrometheusRule; an OpenTelemetry collector and the operator's own
// map tiles per environment, and NetworkPolicies (traffic from the Ingress controller and the
// scraper only; egress to each destination the portal uses, by its address).
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

const alertGroups = parse(readFileSync(path.join(__dirname, 'monitoring/portal-alerts.yaml'), 'utf8')).groups;

it('alerts only on metrics the API serves: 5xx, p99, a degraded dependency, jobs, the pool, webhooks, tracking', () => {
  const rules = alertGroups.flatMap((group: K8sObject) => group.rules) as { alert: string; expr: string }[];
  expect(rules.map((rule) => rule.alert)).toEqual(
    expect.arrayContaining([
      'PortalHigh5xxRate',
      'PortalSlowP99',
      'PortalDependencyDegraded',
      'PortalJobFailing',
      'PortalWebhookDeliveriesFailing',
      'PortalWebhookDeliveriesGivenUp',
      'PortalTrackingIngestStalled',
    ]),
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

  const policies = objects.filter(
    (object) =>
      object.kind === 'NetworkPolicy' && object.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'portal',
  );
  /** The destinations the policies let out to `port`. */
  const destinations = (port: number): K8sObject[] =>
    policies.flatMap((policy) =>
      (policy.spec.egress ?? [])
        .filter((rule: K8sObject) => rule.ports.some((allowed: K8sObject) => allowed.port === port))
        .flatMap((rule: K8sObject) => rule.to),
    );

  it('admits traffic from the Ingress controller and the scraper only', () => {
    const policy = objects.find((object) => object.kind === 'NetworkPolicy' && object.metadata.name === 'portal');
    expect(policy?.spec.podSelector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'portal' });
    expect(policy?.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    const sources = policy?.spec.ingress.flatMap((rule: K8sObject) =>
      rule.from.map((peer: K8sObject) => peer.namespaceSelector.matchLabels['kubernetes.io/metadata.name']),
    );
    expect(sources.sort()).toEqual(['ingress-nginx', 'monitoring']);
    expect(policies.filter((other) => other !== policy).every((other) => !other.spec.ingress)).toBe(true);
  });

  it('lets out each destination by its address: DNS, the collector, the database, Redis, the providers and webhooks', () => {
    // No rule lets a port out to any host: each names where it goes.
    for (const policy of policies) {
      for (const rule of policy.spec.egress ?? []) {
        expect({ policy: policy.metadata.name, to: rule.to?.length ?? 0 }).toEqual({
          policy: policy.metadata.name,
          to: expect.any(Number),
        });
        expect(rule.to.length).toBeGreaterThan(0);
      }
    }
    expect(destinations(53)).toEqual([
      {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
        podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
      },
    ]);
    expect(destinations(4318)).toEqual([
      {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'observability' } },
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'otel-collector' } },
      },
    ]);
    // Providers and webhook endpoints: the public internet, never private blocks or the metadata service.
    for (const port of [443, 80]) {
      expect(destinations(port)).toEqual([
        {
          ipBlock: {
            cidr: '0.0.0.0/0',
            except: expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16']),
          },
        },
      ]);
    }
    const datastores = overlay === 'local' ? [5432, 6379] : [5432, 6379, 587];
    for (const port of datastores) {
      const to = destinations(port);
      expect({ port, count: to.length }).toEqual({ port, count: 1 });
      if (overlay === 'local') {
        // The laptop cluster's own PostgreSQL and Redis pods, as rendered beside the portal.
        const labels = to[0]?.podSelector.matchLabels;
        const workload = objects.find(
          (object) =>
            ['Deployment', 'StatefulSet'].includes(object.kind) &&
            object.spec.template.metadata.labels['app.kubernetes.io/name'] === labels['app.kubernetes.io/name'],
        );
        expect({ port, workload: workload?.metadata.name }).toEqual({
          port,
          workload: port === 5432 ? 'postgres' : 'redis',
        });
      } else {
        // The operator's managed service: a private block, never the whole internet.
        expect(to[0]?.ipBlock.cidr).toMatch(/^10\.\d+\.\d+\.\d+\/(2[4-9]|3[0-2])$/);
      }
    }
  });

  if (overlay === 'local') {
    it('has no Prometheus Operator objects (a laptop cluster may lack their definitions)', () => {
      expect(objects.filter((object) => object.apiVersion.startsWith('monitoring.coreos.com/'))).toEqual([]);
    });
  } else {
    it("has a ServiceMonitor that scrapes the portal's Service with the metrics token, and the alert rules", () => {
      const monitor = objects.find((object) => object.kind === 'ServiceMonitor');
      const service = objects.find((object) => object.kind === 'Service' && object.metadata.name === 'portal');
      expect(monitor?.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'portal' });
      expect(service?.metadata.labels).toMatchObject(monitor?.spec.selector.matchLabels);
      expect(monitor?.metadata.namespace).toBe(service?.metadata.namespace);
      const [endpoint, ...others] = monitor?.spec.endpoints ?? [];
      expect(others).toEqual([]);
      expect(service?.spec.ports.map((port: K8sObject) => port.name)).toContain(endpoint.port);
      expect(endpoint.path).toBe('/metrics');
      // The bearer is the Secret's metrics-token, the same key the pods read as METRICS_TOKEN.
      expect(endpoint.authorization).toEqual({
        type: 'Bearer',
        credentials: { name: 'portal-secrets', key: 'metrics-token' },
      });
      const env = deployment?.spec.template.spec.containers[0].env as K8sObject[];
      expect(env.find((entry) => entry.name === 'METRICS_TOKEN')?.valueFrom.secretKeyRef).toMatchObject({
        name: 'portal-secrets',
        key: 'metrics-token',
      });
      const rule = objects.find((object) => object.kind === 'PrometheusRule');
      expect(rule?.metadata.namespace).toBe(service?.metadata.namespace);
      expect(rule?.spec.groups).toEqual(alertGroups);
    });

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
