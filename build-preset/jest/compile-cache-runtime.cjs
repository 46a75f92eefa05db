// Jest runtime of the portal's projects (the API's in jest.config.js, every screen's through
// screenProject in ../jest-preset.cjs, in the monorepo or in a remote's own folder): jest's own,
// with V8's code cache kept per worker. Each test file has a module registry of its own, so every
// file compiles the same modules again (the API's 1,800-odd, a screen's React and Mantine), from the
// same transformed source. Here the first file of a worker compiles them as jest does, and when it
// ends V8 writes out the code it made for each (`script.createCachedData()`, the functions the file
// ran included); the worker's later files compile from that instead of parsing again. The modules
// still run again in each file's sandbox: only the compiling is shared, never a value.
// Measured (api/README.md Tests): an API file's modules load in 0.6 s instead of 0.9 s; the screens'
// 142 files ran in 82 s instead of 102 s. The code is also kept on disk (code-cache-store.cjs), so a
// worker's first file, and a worker jest starts again, compile from it too.
//
// jest compiles a module in `ModuleExecutor.compile(source, filename)` with `vm.compileFunction`,
// which takes a code cache only as it compiles. This compiles the same wrapper as a `vm.Script`
// (what jest did before version 30), which can write the cache after the module has run. The
// executor is jest's internal object: should a later jest not have it, this runtime is jest's own
// and says so once.
const vm = require('node:vm');
const { default: Runtime } = require('jest-runtime');
const { codeCacheStore } = require('./code-cache-store.cjs');

/** filename → { code, script, data }: the wrapped, transformed source the data was made from. */
const compiled = new Map();
/** cacheDirectory → its store on disk (one per project's cache folder; usually one in all). */
const stores = new Map();
let warned = false;

function storeIn(cacheDirectory) {
  if (!stores.has(cacheDirectory)) stores.set(cacheDirectory, codeCacheStore(cacheDirectory));
  return stores.get(cacheDirectory);
}

module.exports = class CompileCacheRuntime extends Runtime {
  constructor(config, ...args) {
    super(config, ...args);
    const executor = this.executor;
    if (typeof executor?.compile !== 'function' || !Array.isArray(executor.injectedModuleParameters)) {
      if (!warned) console.warn('compile-cache-runtime: jest has no ModuleExecutor.compile; compiling as jest does');
      warned = true;
      return;
    }
    this.compiledHere = [];
    this.store = storeIn(config.cacheDirectory);
    executor.compile = (source, filename) => this.compileWithCache(executor, source, filename);
  }

  compileWithCache(executor, source, filename) {
    const context = executor.environment.getVmContext();
    if (context == null) return null;
    const code = `({"Object.<anonymous>":function(${executor.injectedModuleParameters.join(',')}){${source}\n}});`;
    const known = compiled.get(filename);
    const inMemory = known?.code === code ? known.data : undefined;
    const cachedData = inMemory ?? this.store.read(code);
    const script = new vm.Script(code, {
      filename,
      cachedData,
      importModuleDynamically: (specifier, _script, attributes) =>
        executor.dynamicImport(specifier, filename, context, attributes),
    });
    if (!cachedData || script.cachedDataRejected) {
      const entry = { code, script, data: undefined };
      compiled.set(filename, entry);
      this.compiledHere.push(entry);
    } else if (!inMemory) {
      compiled.set(filename, { code, script: undefined, data: cachedData });
    }
    return script.runInContext(context)['Object.<anonymous>'];
  }

  teardown() {
    // The code V8 made while the file ran, for the next files; the scripts themselves are let go.
    for (const entry of this.compiledHere ?? []) {
      entry.data = entry.script.createCachedData();
      entry.script = undefined;
      this.store.write(entry.code, entry.data);
    }
    this.compiledHere = [];
    return super.teardown();
  }
};
