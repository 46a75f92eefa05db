import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { codeCacheStore } from './code-cache-store.cjs';

// The compile-cache runtime's store on disk: what one worker wrote, another (or the next run) reads
// back for the same code only (whatever the clone's path), and V8 accepts it; a damaged entry is never given to V8.

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'code-cache-store-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const source = 'function twice(x) { return x * 2; } twice(21);';

function compiledOnce(): Buffer {
  const script = new vm.Script(source, { filename: '/app/twice.js' });
  script.runInNewContext();
  return script.createCachedData();
}

it('gives back what was kept for the same code, to another store on the same folder', () => {
  codeCacheStore(folder).write(source, compiledOnce());
  const data = codeCacheStore(folder).read(source);
  expect(data).toBeInstanceOf(Buffer);
  const script = new vm.Script(source, { filename: '/app/twice.js', cachedData: data });
  expect(script.cachedDataRejected).toBe(false);
  expect(script.runInNewContext()).toBe(42);
  // One entry, no temporary file left behind.
  const [versionFolder, ...others] = readdirSync(folder);
  expect(others).toEqual([]);
  expect(versionFolder).toBe(`v8-code-cache-${process.versions.v8}-${process.arch}`);
  expect(readdirSync(path.join(folder, versionFolder as string))).toHaveLength(1);
});

it('has nothing for another source', () => {
  const store = codeCacheStore(folder);
  store.write(source, compiledOnce());
  expect(store.read(`${source}\n// changed`)).toBeUndefined();
});

it('gives nothing for an entry damaged on disk (V8 itself would take changed code bytes)', () => {
  const store = codeCacheStore(folder);
  store.write(source, compiledOnce());
  const versionFolder = path.join(folder, readdirSync(folder)[0] as string);
  const entry = path.join(versionFolder, readdirSync(versionFolder)[0] as string);
  const bytes = readFileSync(entry);
  bytes[bytes.length - 5] = (bytes[bytes.length - 5] as number) ^ 0xff;
  writeFileSync(entry, bytes);
  expect(store.read(source)).toBeUndefined();
  writeFileSync(entry, bytes.subarray(0, 10));
  expect(store.read(source)).toBeUndefined();
});

it('is refused by V8 for another source (the runtime then compiles and keeps anew), and the module runs', () => {
  const store = codeCacheStore(folder);
  store.write(source, compiledOnce());
  const cachedData = store.read(source);
  const script = new vm.Script(`${source} `, { filename: '/app/twice.js', cachedData });
  expect(script.cachedDataRejected).toBe(true);
  expect(script.runInNewContext()).toBe(42);
});
