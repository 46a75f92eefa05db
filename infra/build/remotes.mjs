// Every remote and what it exposes. The shell mounts `./App` under the paths that
// remotes.json gives it; widgets are mounted by the home page.
export const REMOTES = {
  'mf-order-flow': {
    './App': './src/exposes/App.tsx',
    './HomeOrderCard': './src/exposes/HomeOrderCard.tsx',
    './HomeRecentOrders': './src/exposes/HomeRecentOrders.tsx',
    './HomeCompanyShipments': './src/exposes/HomeCompanyShipments.tsx',
  },
  'mf-tracking': {
    './App': './src/exposes/App.tsx',
    './TrackingCard': './src/exposes/TrackingCard.tsx',
    './parcel': './src/exposes/parcel.tsx',
  },
  'mf-address-book': { './App': './src/exposes/App.tsx' },
  'mf-calculator': { './App': './src/exposes/App.tsx', './parcel': './src/exposes/parcel.tsx' },
  'mf-map': { './App': './src/exposes/App.tsx', './LocationPicker': './src/exposes/LocationPicker.tsx' },
  'mf-account': { './App': './src/exposes/App.tsx' },
  'mf-admin': { './App': './src/exposes/App.tsx' },
};
