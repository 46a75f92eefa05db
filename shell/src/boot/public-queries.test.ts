import { QueryClient } from '@tanstack/react-query';
import { seedQueries } from './public-queries';

describe('seedQueries', () => {
  it('puts each answer under its key, and passes over what is not of that shape', () => {
    const client = new QueryClient();
    seedQueries(client, [
      { queryKey: ['news', 3], data: { 'hydra:member': [] } },
      { queryKey: 'news', data: 1 },
      { queryKey: ['no-data'] },
      null,
      'text',
    ]);
    expect(client.getQueryData(['news', 3])).toEqual({ 'hydra:member': [] });
    expect(client.getQueryCache().getAll()).toHaveLength(1);
    // Fresh as if just read: a component does not ask again within its stale time.
    expect(client.getQueryState(['news', 3])?.dataUpdatedAt).toBeGreaterThan(Date.now() - 1_000);
  });

  it('does nothing without answers (a page the gateway did not draw)', () => {
    const client = new QueryClient();
    seedQueries(client, undefined);
    seedQueries(client, { queryKey: ['news'], data: 1 });
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
