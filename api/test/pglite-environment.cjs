// Jest test environment for the files that start the app on a database (docblock
// `@jest-environment ./api/test/pglite-environment.cjs`, resolved from the repository root).
// Jest runs modules in a vm sandbox as CommonJS, where two packages cannot load on Node 20:
// PGlite calls import() while starting (throws without --experimental-vm-modules), and
// light-my-request (behind app.inject) requires the ESM-only `cookie`. Node's own loader handles
// both, so they are loaded here and handed to the sandbox; helpers.ts mocks the packages with them.
// The same for OpenTelemetry's OTLP/HTTP exporter, which loads node:http with import() as it sends.
// The PGlite templates' dumps (templates/) are read here too, once per worker rather than once per
// test file (32 MB; at 47 MB, 0.2-0.4 s a file on the busy 2-core machine), and kept as one
// ArrayBuffer that nothing writes to: PGlite reads a dump with `arrayBuffer()` only, and its tar reader copies each
// file out of it (`slice`) into the new database's own memory, so every file's database is still
// its own (test/db/template-copies.test.ts). Not a Blob: Node 20's `Blob.arrayBuffer()` reads the
// blob back in small chunks and joins them, 0.3-0.4 s of CPU for 47 MB at every start.
const { appendFileSync, readFileSync } = require('node:fs');
const { TestEnvironment } = require('jest-environment-node');

const nativeModules = {
  '@electric-sql/pglite': require('@electric-sql/pglite'),
  'light-my-request': require('light-my-request'),
  '@opentelemetry/exporter-trace-otlp-http': require('@opentelemetry/exporter-trace-otlp-http'),
};

const templateDumps = new Map();
function pgliteTemplateDump(file) {
  let dump = templateDumps.get(file);
  if (!dump) {
    const bytes = readFileSync(file);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    dump = { type: 'application/x-tar', size: buffer.byteLength, arrayBuffer: async () => buffer };
    templateDumps.set(file, dump);
  }
  return dump;
}

// PORTAL_SETUP_CPU_FILE (set by infra/ci/test-all.mjs): each file's set-up is written there as a
// JSON line, the worker's CPU time (all its threads: compiling, collecting garbage) and the wall time
// from this environment's creation to the file's first test. Wall time on the shared 2-core machine
// moves with the other sessions' load; CPU time is the steadier figure of what a file's set-up costs.
const setUpLog = process.env.PORTAL_SETUP_CPU_FILE;

/**
 * What a test file's code started in Node itself and never stops: prom-client's process figures
 * (src/http/metrics.ts) start a garbage-collection observer and an event-loop delay monitor once per
 * process, which in jest is once per test file, each module registry being new. Node keeps both for
 * good, the observer's callback with the file's whole sandbox: a worker's heap grew by some 35 MB a
 * file, and its monitors (100 samples a second each) with it. They are stopped when the file ends,
 * as the process's end would stop them. One file runs at a time in a worker.
 */
const perfHooks = require('node:perf_hooks');
let startedByTheFile;
const observe = perfHooks.PerformanceObserver.prototype.observe;
perfHooks.PerformanceObserver.prototype.observe = function observeUntilTheFileEnds(...args) {
  startedByTheFile?.push(() => this.disconnect());
  return observe.apply(this, args);
};
const monitorEventLoopDelay = perfHooks.monitorEventLoopDelay;
perfHooks.monitorEventLoopDelay = function monitorUntilTheFileEnds(...args) {
  const histogram = monitorEventLoopDelay.apply(this, args);
  startedByTheFile?.push(() => histogram.disable());
  return histogram;
};

module.exports = class NativeModulesEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.nativeModules = nativeModules;
    this.global.pgliteTemplateDump = pgliteTemplateDump;
    this.testPath = context.testPath;
    this.started = { cpu: process.cpuUsage(), wall: performance.now() };
  }

  async setup() {
    startedByTheFile = [];
    await super.setup();
  }

  async teardown() {
    for (const stop of startedByTheFile ?? []) stop();
    startedByTheFile = undefined;
    await super.teardown();
  }

  handleTestEvent(event) {
    if (event.name !== 'test_start' || !this.started) return;
    const cpu = process.cpuUsage(this.started.cpu);
    const line = {
      file: this.testPath,
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      wallMs: Math.round(performance.now() - this.started.wall),
    };
    this.started = undefined;
    if (setUpLog) appendFileSync(setUpLog, `${JSON.stringify(line)}\n`);
  }
};
