import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileAdapter, forgetLoadedStores } from './file-adapter';

// The development provider's sessions and grants outlive the process (issue 19, item 8).

describe('file adapter of the development provider', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'idp-store-'));

  it('finds a session, a grant and an interaction again after a restart, owner-readable only', async () => {
    const Adapter = fileAdapter(dir);
    await new Adapter('Session').upsert('s1', { accountId: 'dev-private', uid: 'u1' }, 3600);
    await new Adapter('Grant').upsert('g1', { accountId: 'dev-private', clientId: 'portal-shell' }, 3600);
    expect(statSync(path.join(dir, 'oidc-store.json')).mode & 0o777).toBe(0o600);

    forgetLoadedStores(); // a new process reads the file
    const Restarted = fileAdapter(dir);
    expect(await new Restarted('Session').find('s1')).toEqual({ accountId: 'dev-private', uid: 'u1' });
    expect(await new Restarted('Session').findByUid('u1')).toEqual({ accountId: 'dev-private', uid: 'u1' });
    expect(await new Restarted('Grant').find('g1')).toMatchObject({ clientId: 'portal-shell' });
    // Models do not see each other's ids.
    expect(await new Restarted('Grant').find('s1')).toBeUndefined();
  });

  it('forgets what expired, marks codes consumed and revokes everything of a grant', async () => {
    const Adapter = fileAdapter(dir);
    await new Adapter('AuthorizationCode').upsert('c1', { grantId: 'g2' }, 60);
    await new Adapter('RefreshToken').upsert('r1', { grantId: 'g2' }, 60);
    await new Adapter('AccessToken').upsert('a1', { grantId: 'g3' }, 60);
    await new Adapter('Interaction').upsert('i1', { uid: 'i1' }, -1);
    expect(await new Adapter('Interaction').find('i1')).toBeUndefined();

    await new Adapter('AuthorizationCode').consume('c1');
    expect((await new Adapter('AuthorizationCode').find('c1'))?.consumed).toEqual(expect.any(Number));

    await new Adapter('AuthorizationCode').revokeByGrantId('g2');
    expect(await new Adapter('AuthorizationCode').find('c1')).toBeUndefined();
    expect(await new Adapter('RefreshToken').find('r1')).toBeUndefined();
    expect(await new Adapter('AccessToken').find('a1')).toEqual({ grantId: 'g3' });

    await new Adapter('AccessToken').destroy('a1');
    forgetLoadedStores();
    expect(await new (fileAdapter(dir))('AccessToken').find('a1')).toBeUndefined();
  });
});
