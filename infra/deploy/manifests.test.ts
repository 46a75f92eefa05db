// CI for the Kubernetes manifests (issue 17): every overlay renders with `kubectl kustomize`, its
// objects have what an operator relies on (probes on real checks, resources, autoscaler, disruption
// budget, migration Job, the environment's remotes.json as a ConfigMap, secrets only by reference,
// settings the configuration module knows and accepts), and validates against the Kubernetes schemas.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, settingsSchema } from '@portal/api/config';
import { parseAllDocuments } from 'yaml';

const REPO_ROOT = path.resolve(__dirname, '../..');
/** The API's largest upload (SPEC §5: complaint attachments, bulk orders, imports). */
const MAX_UPLOAD_BYTES = 30 * 1024 * 1024;

/** `<secret>/<key>` of every --from-literal in the README's `kubectl … create secret generic` commands. */
function readmeSecretKeys(): Set<string> {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8').replace(/\\\n\s*/g, ' ');
  const keys = new Set<string>();
  for (const [command] of readme.matchAll(/kubectl[^\n]*create secret generic [^\n]*/g)) {
    const secret = /create secret generic (\S+)/.exec(command)?.[1];
    for (const [, key] of command.matchAll(/--from-literal=([\w.-]+)=/g)) keys.add(`${secret}/${key}`);
  }
  return keys;
}
const OVERLAYS = ['local', 'staging', 'production'] as const;
type Overlay = (typeof OVERLAYS)[number];

// Rendered objects are plain JSON from YAML: typed loosely, checked by the expectations below.
// biome-ignore lint/suspicious/noExplicitAny: parsed manifests
type K8sObject = Record<string, any>;

function render(overlay: Overlay): { yaml: string; objects: K8sObject[] } {
  const yaml = execFileSync('kubectl', ['kustomize', path.join(__dirname, 'k8s/overlays', overlay)], {
    encoding: 'utf8',
  });
  const objects = parseAllDocuments(yaml)
    .map((document) => document.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
  return { yaml, objects };
}

const rendered = Object.fromEntries(OVERLAYS.map((overlay) => [overlay, render(overlay)])) as Record<
  Overlay,
  { yaml: string; objects: K8sObject[] }
>;

const find = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((object) => object.kind === kind && object.metadata?.name === name);
  if (!found) throw new Error(`${kind} ${name} missing`);
  return found;
};
const findByPrefix = (objects: K8sObject[], kind: string, prefix: string) => {
  const found = objects.find((object) => object.kind === kind && object.metadata?.name?.startsWith(prefix));
  if (!found) throw new Error(`${kind} ${prefix}* missing`);
  return found;
};
const podTemplate = (workload: K8sObject) => workload.spec.template.spec;
const portalContainer = (workload: K8sObject) => {
  const container = podTemplate(workload).containers.find((candidate: K8sObject) => candidate.name === 'portal');
  if (!container) throw new Error(`${workload.kind} ${workload.metadata.name} has no container portal`);
  return container;
};
const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob']);

/** Names looking like a secret: their values must come from a Secret. */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|_KEY(_ID)?$|CREDENTIAL|SMTP_URL/i;

/**
 * The process environment a container of the portal image gets: its ConfigMap settings (envFrom)
 * and its env entries; a secretKeyRef becomes `stand(name)`, a plausible value of the Secret the
 * operator creates, so the configuration module can judge the whole.
 */
function environmentOf(objects: K8sObject[], container: K8sObject, stand: (name: string) => string) {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    Object.assign(env, find(objects, 'ConfigMap', source.configMapRef.name).data);
  }
  for (const entry of container.env ?? []) {
    if (entry.valueFrom?.secretKeyRef) env[entry.name] = stand(entry.name);
    else env[entry.name] = entry.value;
  }
  return env;
}

/** What the operator's Secret holds, in each setting's format (random-looking where it is a key). */
function secretStandIn(name: string): string {
  const random = 'a8f3c1d9e27b4f60b15c9d3e8a7f2c4b6e1d0a9f3c7b5e2d';
  const values: Record<string, string> = {
    DATABASE_URL: 'postgres://portal@db.internal:5432/portal',
    REDIS_URL: 'rediss://redis.internal:6380',
    SMTP_URL: 'smtps://mailer@smtp.internal:465',
    STRIPE_SECRET_KEY: `sk_live_${random}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${random}`,
    TWILIO_ACCOUNT_SID: `AC${random.slice(0, 32)}`,
  };
  return values[name] ?? random;
}

describe.each(OVERLAYS)('overlay %s', (overlay) => {
  const { objects, yaml } = rendered[overlay];
  const deployment = find(objects, 'Deployment', 'portal');
  const job = find(objects, 'Job', 'portal-migrate');

  it('validates against the Kubernetes schemas (kubernetes-models, offline)', () => {
    const result = spawnSync(process.execPath, [path.join(__dirname, 'validate-schemas.mjs')], {
      input: yaml,
      encoding: 'utf8',
    });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('probes the portal on real checks: readiness = database and migrations, liveness = database', () => {
    const container = portalContainer(deployment);
    const port = container.ports.find((candidate: K8sObject) => candidate.name === 'http');
    expect(port.containerPort).toBe(8080);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/api/health/ready', port: 'http' });
    // Liveness asks the process only: a database failover takes pods out of traffic, never restarts them.
    expect(container.livenessProbe.httpGet).toEqual({ path: '/api/health/live', port: 'http' });
    expect(container.startupProbe.httpGet.path).toBe('/api/health/live');
    // A stopping pod keeps serving while the Ingress and the endpoints stop routing to it (preStop),
    // then has time for its longest requests (the Ingress's read timeout) before it is killed.
    const sleep = Number(container.lifecycle.preStop.exec.command[1]);
    expect(container.lifecycle.preStop.exec.command[0]).toBe('sleep');
    expect(sleep).toBeGreaterThanOrEqual(5);
    const ingress = find(objects, 'Ingress', 'portal');
    const readTimeout = Number(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']);
    // Then SIGTERM: the server drains as long again (SHUTDOWN_DRAIN_MS: readiness 503, still serving;
    // api/src/http/shutdown.ts), closes, and its in-flight requests finish.
    const settings = findByPrefix(objects, 'ConfigMap', 'portal-settings-').data;
    expect(Number(settings.SHUTDOWN_DRAIN_MS)).toBe(sleep * 1000);
    expect(podTemplate(deployment).terminationGracePeriodSeconds).toBeGreaterThan(sleep * 2 + readTimeout);
    // The server listens where the probes knock.
    expect(container.env).toEqual(expect.arrayContaining([{ name: 'PORT', value: '8080' }]));
    expect(container.env).toEqual(expect.arrayContaining([{ name: 'HOST', value: '0.0.0.0' }]));
  });

  it('gives every container of every workload resource requests and a memory limit, and runs it as non-root', () => {
    const workloads = objects.filter((object) => WORKLOAD_KINDS.has(object.kind));
    expect(workloads.length).toBeGreaterThanOrEqual(2);
    for (const workload of workloads) {
      for (const container of podTemplate(workload).containers) {
        const where = `${workload.kind} ${workload.metadata.name} / ${container.name}`;
        expect({ where, cpu: container.resources?.requests?.cpu }).toEqual({ where, cpu: expect.any(String) });
        expect({ where, memory: container.resources?.requests?.memory }).toEqual({
          where,
          memory: expect.any(String),
        });
        expect({ where, limit: container.resources?.limits?.memory }).toEqual({ where, limit: expect.any(String) });
      }
    }
    for (const workload of [deployment, job]) {
      expect(podTemplate(workload).securityContext.runAsNonRoot).toBe(true);
      expect(portalContainer(workload).securityContext.allowPrivilegeEscalation).toBe(false);
    }
  });

  it('scales the portal with a HorizontalPodAutoscaler and keeps pods through disruptions', () => {
    const hpa = find(objects, 'HorizontalPodAutoscaler', 'portal');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'portal' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    // CPU utilisation is relative to the request: without one the autoscaler cannot act.
    expect(hpa.spec.metrics[0].resource.name).toBe('cpu');

    const pdb = find(objects, 'PodDisruptionBudget', 'portal');
    const podLabels = deployment.spec.template.metadata.labels;
    for (const [key, value] of Object.entries(pdb.spec.selector.matchLabels)) expect(podLabels[key]).toBe(value);
    const { minAvailable, maxUnavailable } = pdb.spec;
    // A budget that allows no eviction at the minimum count would block every node drain.
    if (minAvailable !== undefined) expect(minAvailable).toBeLessThan(hpa.spec.minReplicas);
    else expect(maxUnavailable).toBeGreaterThanOrEqual(1);
    for (const [key, value] of Object.entries(deployment.spec.selector.matchLabels)) {
      expect(podLabels[key]).toBe(value);
    }
    const service = find(objects, 'Service', 'portal');
    for (const [key, value] of Object.entries(service.spec.selector)) expect(podLabels[key]).toBe(value);
  });

  it('runs the migrations as a Job of the same image and settings', () => {
    const migrate = portalContainer(job);
    // The release by the book (api/src/release.ts): migrate, seed the reference data, the tariff file.
    expect(migrate.command.join(' ')).toBe('node api/scripts/db-release.js');
    expect(migrate.image).toBe(portalContainer(deployment).image);
    expect(podTemplate(job).restartPolicy).toBe('Never');
    // db-migrate.ts checks the whole configuration (loadConfigOrExit): the Job needs the server's settings.
    expect(migrate.envFrom).toEqual(portalContainer(deployment).envFrom);
    const secretNames = (container: K8sObject) =>
      (container.env ?? []).filter((entry: K8sObject) => entry.valueFrom?.secretKeyRef).map((e: K8sObject) => e.name);
    expect(secretNames(migrate)).toEqual(secretNames(portalContainer(deployment)));
  });

  it("mounts the environment's remotes.json from a ConfigMap where REMOTES_FILE points, without subPath", () => {
    const configMap = find(objects, 'ConfigMap', 'portal-remotes');
    const source = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'infra/environments', overlay, 'remotes.json'), 'utf8'),
    );
    expect(JSON.parse(configMap.data['remotes.json'])).toEqual(source);
    expect(source.environment).toBe(overlay);

    const container = portalContainer(deployment);
    const remotesFile = container.env.find((entry: K8sObject) => entry.name === 'REMOTES_FILE').value;
    const volume = podTemplate(deployment).volumes.find((candidate: K8sObject) => candidate.configMap);
    expect(volume.configMap.name).toBe('portal-remotes');
    const mount = container.volumeMounts.find((candidate: K8sObject) => candidate.name === volume.name);
    // A subPath mount is never updated by the kubelet: an operator's ConfigMap change would not arrive.
    expect(mount.subPath).toBeUndefined();
    expect(path.posix.join(mount.mountPath, 'remotes.json')).toBe(remotesFile);
  });

  it('serves the releases remotes.json pins from one shared volume, read-only, where REMOTE_RELEASES_DIR points', () => {
    const container = portalContainer(deployment);
    const releasesDir = container.env.find((entry: K8sObject) => entry.name === 'REMOTE_RELEASES_DIR')?.value;
    const pinsWorkspace = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'infra/environments', overlay, 'remotes.json'), 'utf8'),
    ).remotes.every((remote: K8sObject) => remote.version === 'workspace');
    if (overlay === 'local') {
      // Local serves the image's own builds ("workspace"): no releases volume.
      expect(pinsWorkspace).toBe(true);
      expect(releasesDir).toBeUndefined();
      return;
    }
    expect(pinsWorkspace).toBe(false);
    const volume = podTemplate(deployment).volumes.find((candidate: K8sObject) => candidate.name === 'releases');
    const claim = find(objects, 'PersistentVolumeClaim', volume.persistentVolumeClaim.claimName);
    // Every pod mounts it at once (several instances on several nodes).
    expect(claim.spec.accessModes).toEqual(['ReadWriteMany']);
    const mount = container.volumeMounts.find((candidate: K8sObject) => candidate.name === 'releases');
    expect({ mountPath: mount.mountPath, readOnly: mount.readOnly }).toEqual({
      mountPath: releasesDir,
      readOnly: true,
    });
  });

  it('writes no Secret and no secret value: every secret setting is a reference', () => {
    expect(objects.filter((object) => object.kind === 'Secret')).toEqual([]);
    const containers = objects
      .filter((object) => WORKLOAD_KINDS.has(object.kind))
      .flatMap((workload) => podTemplate(workload).containers as K8sObject[]);
    const literal: string[] = [];
    for (const container of containers) {
      for (const entry of container.env ?? []) {
        if (SECRET_NAME.test(entry.name) && entry.value !== undefined) literal.push(`${container.name}: ${entry.name}`);
      }
    }
    for (const configMap of objects.filter((object) => object.kind === 'ConfigMap')) {
      for (const [key, value] of Object.entries(configMap.data ?? {})) {
        if (SECRET_NAME.test(key)) literal.push(`ConfigMap ${configMap.metadata.name}: ${key}`);
        // A password inside a connection string (scheme://user:password@host).
        if (/:\/\/[^/\s:@]+:[^/\s@]+@/.test(String(value)))
          literal.push(`ConfigMap ${configMap.metadata.name}: ${key}`);
      }
    }
    expect(literal).toEqual([]);
    // TLS certificates too are only referenced.
    for (const tls of find(objects, 'Ingress', 'portal').spec.tls ?? [])
      expect(tls.secretName).toEqual(expect.any(String));
  });

  it('sets only settings the configuration module knows, and the module accepts them', () => {
    const known = new Set(Object.keys(settingsSchema.shape));
    for (const workload of [deployment, job]) {
      const env = environmentOf(objects, portalContainer(workload), secretStandIn);
      expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
      const config = loadConfig(env);
      expect(config.portalEnv).toBe(overlay);
      expect(config.database.url).toEqual(expect.stringMatching(/^postgres:\/\//));
      expect(config.rateLimit.redisUrl).toEqual(expect.stringMatching(/^rediss?:\/\//));
      // Behind the Ingress, the client's address comes from the proxies TRUST_PROXY names (issue 35).
      expect(config.trustProxy).not.toBe(false);
      if (overlay === 'local') {
        expect(config.production).toBe(false);
      } else {
        // Real providers from Secrets: no development identity provider, demo users, sandbox or outbox.
        expect(config.devIdp).toBe(false);
        expect(config.seedDemoUsers).toBe(false);
        expect(config.trackingSimulator.enabled).toBe(false);
        expect(config.payments.provider).toBe('stripe');
        expect(config.sms.provider).toBe('twilio');
        expect(config.storage.kind).toBe('s3');
        expect(config.indicativePrices).toBe('refuse');
        expect(config.oidc.issuer).toMatch(/^https:\/\//);
        expect(config.portalUrl).toMatch(/^https:\/\//);
      }
      if (overlay === 'production') expect(config.production).toBe(true);
      // Every pod's pool and the release Job fit in PostgreSQL's default max_connections (100, of
      // which 3 are kept for superusers): README "The database's connections".
      expect(config.replicas * (config.database.pool?.max ?? 10) + 1).toBeLessThanOrEqual(97);
    }
  });

  it("lets the Ingress pass the API's largest uploads (30 MB in a multipart body)", () => {
    const ingress = find(objects, 'Ingress', 'portal');
    const size = String(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size']);
    const [, amount = '0', unit = ''] = /^(\d+)([kmg]?)$/i.exec(size) ?? [];
    const bytes = Number(amount) * ({ '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[unit.toLowerCase()] ?? 0);
    expect(bytes).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(bytes).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 4 * 1024 ** 2);
  });

  it("names every secret it references in the README's kubectl create secret command", () => {
    const keys = new Set<string>();
    for (const workload of objects.filter((object) => WORKLOAD_KINDS.has(object.kind))) {
      for (const container of podTemplate(workload).containers as K8sObject[]) {
        for (const entry of container.env ?? []) {
          const ref = entry.valueFrom?.secretKeyRef;
          if (ref) keys.add(`${ref.name}/${ref.key}`);
        }
      }
    }
    const named = readmeSecretKeys();
    expect([...keys].filter((key) => !named.has(key))).toEqual([]);
  });

  it('routes the Ingress to the portal Service', () => {
    const ingress = find(objects, 'Ingress', 'portal');
    const service = find(objects, 'Service', 'portal');
    const backend = ingress.spec.rules[0].http.paths[0].backend.service;
    expect(backend.name).toBe('portal');
    expect(service.spec.ports.map((port: K8sObject) => port.name)).toContain(backend.port.name);
    if (overlay !== 'local') expect(ingress.spec.tls[0].hosts).toEqual([ingress.spec.rules[0].host]);
  });

  it('settings live in a ConfigMap whose name changes with its content (a change rolls the pods)', () => {
    expect(findByPrefix(objects, 'ConfigMap', 'portal-settings-').metadata.name).toMatch(/^portal-settings-[a-z0-9]+$/);
  });
});

it('staging and production set the same secret settings, each from the Secret portal-secrets', () => {
  const references = (overlay: Overlay) =>
    (portalContainer(find(rendered[overlay].objects, 'Deployment', 'portal')).env as K8sObject[])
      .filter((entry) => entry.valueFrom)
      .map((entry) => [entry.name, entry.valueFrom.secretKeyRef.name]);
  expect(references('staging')).toEqual(references('production'));
  expect(references('production').map(([name]) => name)).toEqual(
    expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'STRIPE_SECRET_KEY', 'BOT_CHECK_SECRET', 'PHONE_CODE_SECRET']),
  );
  expect(new Set(references('production').map(([, secret]) => secret))).toEqual(new Set(['portal-secrets']));
});

it('the schema validation fails on an invalid object and on an unknown kind (the check can fail)', () => {
  const broken = [
    'apiVersion: policy/v1',
    'kind: PodDisruptionBudget',
    'metadata: {name: broken}',
    'spec: {minAvailable: [1]}',
    '---',
    'apiVersion: example.lv/v9',
    'kind: Unknown',
    'metadata: {name: unknown}',
  ].join('\n');
  const result = spawnSync(process.execPath, [path.join(__dirname, 'validate-schemas.mjs')], {
    input: broken,
    encoding: 'utf8',
  });
  expect(result.status).toBe(1);
  expect(result.stdout).toContain('PodDisruptionBudget broken (policy/v1): data/spec/minAvailable');
  expect(result.stdout).toContain('Unknown unknown (example.lv/v9): no schema');
});
