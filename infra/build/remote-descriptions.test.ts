import { readFileSync } from 'node:fs';
import path from 'node:path';
import { remoteDescriptionSchema } from '@portal/shared-contracts';

describe('every remote of the repository describes itself', () => {
  const root = path.resolve(__dirname, '../..');
  // The same discovery as remotes.mjs (which jest cannot load): the mf-* workspaces.
  const REMOTE_NAMES: string[] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces.filter(
    (name: string) => /^mf-[a-z-]+$/.test(name),
  );

  it.each(REMOTE_NAMES)(
    '%s/remote.config.json is a valid description of itself, with an ./App on its routes',
    (name) => {
      const description = remoteDescriptionSchema.parse(
        JSON.parse(readFileSync(path.join(root, name, 'remote.config.json'), 'utf8')),
      );
      expect(description.name).toBe(name);
      if (description.routes.length > 0) expect(description.exposes['./App']).toBeDefined();
      for (const widget of description.widgets) expect(description.exposes[widget.expose]).toBeDefined();
    },
  );
});
