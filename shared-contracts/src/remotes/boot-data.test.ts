import { remoteAreaId, remoteAreasOf } from './boot-data';

describe('the remote areas a page’s first screen holds (issue 18)', () => {
  it('are named in the page as the browser reads them back', () => {
    const areas = [
      { remote: 'mf-order-flow', expose: './HomeOrderCard' },
      { remote: 'mf-tracking', expose: './TrackingCard' },
    ];
    const attribute = areas.map(remoteAreaId).join(' ');
    expect(attribute).toBe('mf-order-flow/./HomeOrderCard mf-tracking/./TrackingCard');
    expect(remoteAreasOf(attribute)).toEqual(areas);
  });

  it('are none without the attribute, and a malformed name is left out', () => {
    expect(remoteAreasOf(undefined)).toEqual([]);
    expect(remoteAreasOf('')).toEqual([]);
    expect(remoteAreasOf('  /x mf-map/./App')).toEqual([{ remote: 'mf-map', expose: './App' }]);
  });
});
