// V8's code cache of the modules jest compiles, on disk (compile-cache-runtime.cjs): shared by the
// workers of a run, by a worker jest starts again (jest.config.js workerIdleMemoryLimit) and by the
// next run, and by another clone of the repository. An entry is named by the code it was compiled
// from (the module's transformed source in jest's wrapper), so a changed module gets a new entry,
// and lives in a folder of V8's version, whose code cache another version would refuse anyway.
// V8 refuses an entry made for another source or by other flags as it compiles
// (`script.cachedDataRejected`), which costs one compile; it does not check the code's bytes, so each
// entry starts with their SHA-1 and a damaged one is not given to V8 at all. Entries are written whole
// (a rename), so two workers never read half of one. `jest --clearCache` deletes the folder with
// jest's own cache.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const CHECKSUM_BYTES = 20;

/** The store in `<cacheDirectory>/v8-code-cache-<V8 version>-<arch>`. */
function codeCacheStore(cacheDirectory) {
  const folder = path.join(cacheDirectory, `v8-code-cache-${process.versions.v8}-${process.arch}`);
  fs.mkdirSync(folder, { recursive: true });
  const fileOf = (code) => path.join(folder, createHash('sha1').update(code).digest('hex'));
  const checksum = (data) => createHash('sha1').update(data).digest();

  return {
    /** The code cache kept for this code, or undefined (none, or damaged). */
    read(code) {
      let entry;
      try {
        entry = fs.readFileSync(fileOf(code));
      } catch {
        return undefined;
      }
      const data = entry.subarray(CHECKSUM_BYTES);
      return entry.length > CHECKSUM_BYTES && checksum(data).equals(entry.subarray(0, CHECKSUM_BYTES))
        ? data
        : undefined;
    },
    /** Keeps the code cache; the other workers see either the whole entry or none (a rename). */
    write(code, data) {
      const file = fileOf(code);
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        fs.writeFileSync(temporary, Buffer.concat([checksum(data), data]));
        fs.renameSync(temporary, file);
      } catch {
        // A full disk or a removed folder: the next run compiles this module again.
        fs.rmSync(temporary, { force: true });
      }
    },
  };
}

module.exports = { codeCacheStore };
