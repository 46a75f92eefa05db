// Order bodies as the wizard sends them, without the app: the in-process tests (order-fixtures.ts
// re-exports them) and the tests that call API processes over HTTP (../../processes.ts) share them.

export const sender = {
  name: 'Anna Bērziņa',
  phonePrefix: '371',
  phone: '21234567',
  email: 'anna@example.com',
  address: { countryCode: 'LV', addressLine: 'Brīvības iela 1', city: 'Rīga', postCode: 'LV-1010' },
};

export const latvianReceiver = {
  name: "Jānis O'Neill",
  phonePrefix: '371',
  phone: '61234567',
  address: { countryCode: 'LV', addressLine: 'Rīgas iela 5', city: 'Cēsis', postCode: 'LV-4101' },
};

/** Step 1 of a domestic registered parcel of `weight` grams (a workflow with a 2026 tariff). */
export const domesticParcel = (workFlow: number, weight = 1000) => ({
  step: 1,
  orderLines: [{ workFlow: `/api/work_flows/${workFlow}`, attributes: { weight, countryCode: 'LV' } }],
});

/** A complete order: parties added, terms accepted, step 3 (summary of a three-step order). */
export const completed = (workFlow: number, version?: number) => ({
  ...(version === undefined ? {} : { version }),
  step: 3,
  orderLines: [
    {
      workFlow: `/api/work_flows/${workFlow}`,
      attributes: { weight: 1000, countryCode: 'LV' },
      sender,
      receiver: latvianReceiver,
    },
  ],
  termsAccepted: true,
  privacyAccepted: true,
  eNotification: 'agree',
});
