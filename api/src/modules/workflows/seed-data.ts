import {
  type AdditionalServiceName,
  DOMESTIC_DELIVERY_WORKING_DAYS,
  type ShipmentType,
} from '@portal/shared-contracts/pricing';
import type { Dimensions, ServiceOption, WeightCost, Workflow, WorkflowConfig, Zone } from './model';

// The seeded workflows and their tariffs, built only from ../shared/data/tariffs.md (see
// README.md here). Every figure no source gives is `null` with `placeholder: true` here; the seed
// then fills the prices among them with the indicative figures of data/tariffs-indicative.json
// (indicative.ts), marked `source: "indicative"`. Nothing is guessed in this file.

/** Sources, as tariffs.md cites them. */
export const SOURCES = {
  pastsLv2025:
    'https://pasts.lv/en/news/from-1-january-2025-tariffs-for-universal-postal-service-will-change-three-tariff-groups-have-been-set-for-letters',
  laLv2026: 'https://www.la.lv/mainas-latvijas-pasta-universala-pasta-pakalpojuma-tarifi-2',
  delfi2025:
    'https://www.delfi.lv/bizness/37264250/biznesa_vide/120063070/nakamgad-atkal-varetu-mainities-latvijas-pasta-pakalpojumu-tarifi',
  puc2023:
    'https://pasts.lv/en/footer/Useful_Information/News/7216-puc-approves-new-tariffs-of-the-universal-postal-service-of-latvijas-pasts-from-2023',
  news2022: 'https://pasts.lv/en/News/6698-changes-in-universal-postal-service-tariffs-from-the-1st-of-january-2022',
  ogrenet2024:
    'https://www.ogrenet.lv/aktuali/latvijas-pasts-no-janvara-plano-palielinat-iekszemes-paku-sutijumu-tarifus-10225',
  manspastsLimits: 'https://www.manspasts.lv/lv/products-an-services',
  parcelsPage: 'http://www.pasts.lv/lv/uznemumiem/pasta_sutijumi/pakas/',
  lockerLimit:
    'https://pasts.lv/en/News/5823-a-postal-item-can-now-be-sent-from-any-post-office-to-any-of-latvijas-pasts-parcel-lockers',
  spec: 'SPEC §9 (business constants)',
} as const;

/** Latvian standard VAT rate, 21 % (tariffs.md §5: "plus 21 % VAT"), for services priced "plus VAT". */
export const LV_VAT_RATE = 2100;

/** Letter weight steps: the historical structure of the pre-2014 tariff book (tariffs.md §1). */
export const LETTER_STEPS = [20, 50, 100, 250, 500, 1000, 2000] as const;

const TODO_2026_CROSS_BORDER =
  'From 2026-01-01 cross-border tariffs changed (la.lv 2026-01-01); the new value was not found.';

export type WorkflowSeed = Omit<Workflow, 'id' | 'createdAt' | 'updatedAt'> & { seedKey: string };

// ---- building blocks ----------------------------------------------------------------------

function price(
  maxWeight: number,
  priceCents: number,
  validFrom: string,
  source: string,
  extra: Partial<WeightCost> = {},
): WeightCost {
  return { maxWeight, insured: false, priceCents, placeholder: false, validFrom, source, ...extra };
}

function placeholderPrice(maxWeight: number, validFrom: string, note: string, insured = false): WeightCost {
  return { maxWeight, insured, priceCents: null, placeholder: true, validFrom, source: null, note };
}

/** Placeholder rows for every letter step above 20 g (not found for 2025/2026, tariffs.md §1). */
function letterStepsAbove20g(validFrom: string, insured = false): WeightCost[] {
  return LETTER_STEPS.filter((step) => step > 20).map((step) =>
    placeholderPrice(step, validFrom, 'Letter weight steps above 20 g: not found (tariffs.md §1).', insured),
  );
}

function fixedService(name: AdditionalServiceName, priceCents: number, source: string, vatRate = 0): ServiceOption {
  return { name, priceCents, ratio: null, ratioOf: null, minCents: null, vatRate, placeholder: false, source };
}

function ratioService(
  name: AdditionalServiceName,
  ratio: number,
  ratioOf: ServiceOption['ratioOf'],
  source: string,
  vatRate = 0,
): ServiceOption {
  return { name, priceCents: null, ratio, ratioOf, minCents: null, vatRate, placeholder: false, source };
}

/** A service offered at a price no source gives; the engine answers "price on request" for it. */
function placeholderService(
  name: AdditionalServiceName,
  shape: { ratioOf?: ServiceOption['ratioOf']; minCents?: number; vatRate?: number; source?: string } = {},
): ServiceOption {
  return {
    name,
    priceCents: null,
    ratio: null,
    ratioOf: shape.ratioOf ?? null,
    minCents: shape.minCents ?? null,
    vatRate: shape.vatRate ?? 0,
    placeholder: true,
    source: shape.source ?? null,
  };
}

/** The services every parcel offers: insurance, the three cash-on-delivery kinds, fragile. */
function parcelServices(insurance: ServiceOption): ServiceOption[] {
  return [
    insurance,
    // SPEC §9: cash on delivery is a percentage of the amount, bank variant at least 4 EUR,
    // PNS (to the operator's account) free. The percentage itself: not found (tariffs.md §5).
    placeholderService('cashOnDeliveryToBank', {
      ratioOf: 'cashOnDeliveryAmount',
      minCents: 400,
      source: SOURCES.spec,
    }),
    fixedService('cashOnDeliveryToPNS', 0, SOURCES.spec),
    placeholderService('cashOnDelivery', { ratioOf: 'cashOnDeliveryAmount' }),
    // SPEC §9: fragile is a percentage of the shipment amount plus VAT; the percentage: not found.
    placeholderService('fragile', { ratioOf: 'shipmentPrice', vatRate: LV_VAT_RATE, source: SOURCES.spec }),
  ];
}

const insurancePlaceholder = () =>
  placeholderService('insurance', { ratioOf: 'insuredAmount', vatRate: LV_VAT_RATE, source: SOURCES.spec });

const LETTER_FIELDS = {
  attributeFields: ['weight', 'countryCode', 'additionalServices'],
  senderFields: ['name', 'phone', 'email', 'address'],
  receiverFields: ['name', 'address', 'countryCode', 'postCode', 'city'],
};

function config(shipmentType: ShipmentType, options: { customs: boolean; phone: boolean }): WorkflowConfig {
  const contentFields = options.customs ? ['hsCode', 'name', 'countryCode', 'quantity', 'weight', 'value'] : [];
  const receiverFields =
    shipmentType === 'letter'
      ? LETTER_FIELDS.receiverFields
      : ['name', 'phone', 'email', 'address', 'countryCode', 'postCode', 'city'];
  return {
    associatedDocumentFields: options.customs ? ['type', 'description', 'number'] : [],
    attributeFields:
      shipmentType === 'letter'
        ? LETTER_FIELDS.attributeFields
        : ['weight', 'countryCode', 'additionalServices', 'notes'],
    contentFields,
    senderFields: LETTER_FIELDS.senderFields,
    receiverFields,
    serviceDataFields: shipmentType === 'letter' ? ['insurance'] : ['insurance', 'cashOnDelivery', 'courierPickUp'],
    requiredAssociatedDocumentFields: [],
    requiredAttributeFields: ['weight', 'countryCode'],
    requiredContentFields: options.customs ? ['name', 'quantity', 'weight', 'value'] : [],
    requiredSenderFields: ['name', 'email'],
    requiredReceiverFields: options.phone ? ['name', 'phone', 'address'] : ['name', 'address'],
    requiredServiceDataFields: [],
    // SPEC §5/§9: at most 10 content lines.
    maxContentRows: 10,
    // Not found (tariffs.md "Missing": insurance maximums for 2025/2026): placeholder.
    maxInsuranceAmount: null,
    overwritePrintoutForm: false,
    printoutForm: null,
    requiredAdditionalServices: [],
  };
}

interface Draft {
  seedKey: string;
  label: string;
  /** The same name in Latvian (the calculator and the order flow speak lv and en). */
  labelLv: string;
  shipmentType: ShipmentType;
  shipmentSubType: string;
  shipmentSizeType?: string | null;
  countryCode: string | null;
  zone: Zone;
  transferType?: string | null;
  receivingType?: string | null;
  maxWeight: number;
  onlineDiscountEligible?: boolean;
  description: string;
  dimensions?: Dimensions | null;
  weightCosts: WeightCost[];
  serviceOptions: ServiceOption[];
  placeholders: string[];
  notes?: string;
}

/** The operator's own network: where every product is handed over, and delivered in Latvia. */
const OWN_NETWORK = ['Latvijas Pasts'];

/**
 * Where a product to a Baltic neighbour is collected (issue 40): Latvijas Pasts' lockers are
 * partner terminals of Unisend's network (data/README.md), which delivers at Unisend's own and LP
 * Express lockers; Udrop lockers, DPD, Omniva and the others are other carriers'. A decision an
 * administrator can change per product (`receivingNetworks`).
 */
const PARTNER_NETWORKS: Record<string, string[]> = {
  LT: ['LP Express (Unisend)', 'Unisend'],
  EE: ['Unisend'],
};

function workflow(draft: Draft): WorkflowSeed {
  const customs = draft.shipmentType === 'parcel' && draft.zone === 'WORLD';
  // SPEC §9: every product within Latvia is delivered in one working day (tracking counts the same).
  // No source states the delivery time of the others: null, shown as "not stated".
  const deliveryDays = draft.countryCode === 'LV' ? DOMESTIC_DELIVERY_WORKING_DAYS : null;
  const base = config(draft.shipmentType, { customs, phone: draft.shipmentType === 'parcel' });
  return {
    seedKey: draft.seedKey,
    isActive: true,
    label: draft.label,
    labelLv: draft.labelLv,
    shipmentType: draft.shipmentType,
    shipmentSubType: draft.shipmentSubType,
    shipmentSizeType: draft.shipmentSizeType ?? null,
    countryCode: draft.countryCode,
    zone: draft.zone,
    transferType: draft.transferType ?? null,
    receivingType: draft.receivingType ?? null,
    returnServiceType: null,
    transferNetworks: OWN_NETWORK,
    receivingNetworks: (draft.countryCode && PARTNER_NETWORKS[draft.countryCode]) || OWN_NETWORK,
    maxWeight: draft.maxWeight,
    maxInsuranceAmount: null,
    deliveryDays,
    // tariffs.md "Missing": whether the published prices include VAT is not known; the tariff
    // is charged as published and no VAT part is split out of it (an administrator can set one).
    vatRate: 0,
    onlineDiscountEligible: draft.onlineDiscountEligible ?? false,
    subTypeDescription: {
      description: draft.description,
      dimensions: draft.dimensions ?? null,
      transferOptions: draft.transferType ? [draft.transferType] : [],
      receivingOptions: draft.receivingType ? [draft.receivingType] : [],
      serviceOptions: draft.serviceOptions.map((service) => service.name),
    },
    configs: { default: base, companyInvoice: { ...base, requiredReceiverFields: [...base.requiredReceiverFields] } },
    insuranceVariants: draft.serviceOptions.some((service) => service.name === 'insurance')
      ? [{ label: 'insured', maxAmount: null }]
      : [],
    // Operator system codes (barcode ranges, SAS broadcast): not public, set by an administrator.
    barcodeRequestConfigs: [],
    sasBroadcastConfigs: [],
    weightCosts: draft.weightCosts,
    serviceOptions: draft.serviceOptions,
    servicesToAdd: [],
    servicesToRemove: [],
    placeholders: [
      'maxInsuranceAmount',
      'barcodeRequestConfigs',
      'sasBroadcastConfigs',
      ...(deliveryDays === null ? ['deliveryDays'] : []),
      ...draft.placeholders,
    ],
    notes: draft.notes ?? null,
  };
}

const letterDimensions: Dimensions = {
  // tariffs.md §6: A + B + C < 90 cm, thickness ≤ 2 cm, longest side ≤ 60 cm, minimum 9 × 14 cm.
  description: 'A + B + C under 90 cm, thickness at most 2 cm, length at most 60 cm, at least 9 × 14 cm',
  length: 60,
  width: null,
  height: 2,
};

/** The international zones' names in Latvian (EEZ: Eiropas Ekonomikas zona). */
const ZONE_NAMES_LV = { EEA: 'EEZ', WORLD: 'pārējā pasaule' } as const;

// ---- letters ---------------------------------------------------------------------------------

function letters(): WorkflowSeed[] {
  const letter = (draft: Omit<Draft, 'shipmentType' | 'maxWeight' | 'dimensions'>) =>
    workflow({ ...draft, shipmentType: 'letter', maxWeight: 2000, dimensions: letterDimensions });

  return [
    letter({
      seedKey: 'letter-lv-economy',
      label: 'Plain letter, Latvia',
      labelLv: 'Vienkāršā vēstule, Latvija',
      shipmentSubType: 'economy',
      countryCode: 'LV',
      zone: 'LV',
      description: 'Plain (vienkārša) letter within Latvia, up to 2 kg',
      weightCosts: [
        price(20, 120, '2022-01-01', SOURCES.news2022),
        price(20, 165, '2023-01-01', SOURCES.puc2023),
        price(20, 230, '2025-01-01', SOURCES.pastsLv2025),
        price(20, 235, '2026-01-01', SOURCES.laLv2026),
        ...letterStepsAbove20g('2025-01-01'),
      ],
      serviceOptions: [],
      placeholders: ['weightCosts'],
    }),
    letter({
      seedKey: 'letter-lv-registered',
      label: 'Registered letter, Latvia',
      labelLv: 'Ierakstītā vēstule, Latvija',
      shipmentSubType: 'registered',
      countryCode: 'LV',
      zone: 'LV',
      onlineDiscountEligible: true,
      description: 'Registered (ierakstīta) letter within Latvia; insured (apdrošināta) with the insurance service',
      weightCosts: [
        price(20, 435, '2025-01-01', SOURCES.delfi2025),
        ...letterStepsAbove20g('2025-01-01'),
        price(20, 450, '2025-01-01', SOURCES.delfi2025, { insured: true }),
        ...letterStepsAbove20g('2025-01-01', true),
      ],
      serviceOptions: [insurancePlaceholder(), placeholderService('deliveryConfirmationLatvia')],
      placeholders: ['weightCosts', 'serviceOptions'],
      notes: 'No 2026 value was published for registered or insured letters; the 2025 values stay in force here.',
    }),
    ...(['EEA', 'WORLD'] as const).flatMap((zone) => {
      const name = zone === 'EEA' ? 'EEA' : 'rest of the world';
      const nameLv = ZONE_NAMES_LV[zone];
      const key = zone.toLowerCase();
      return [
        letter({
          seedKey: `letter-${key}-economy`,
          label: `Plain letter, ${name}`,
          labelLv: `Vienkāršā vēstule, ${nameLv}`,
          shipmentSubType: 'economy',
          countryCode: null,
          zone,
          description: `Plain letter to the ${name} zone, up to 2 kg`,
          weightCosts: [
            price(20, zone === 'EEA' ? 254 : 377, '2025-01-01', SOURCES.pastsLv2025),
            ...letterStepsAbove20g('2025-01-01'),
            placeholderPrice(20, '2026-01-01', TODO_2026_CROSS_BORDER),
          ],
          serviceOptions: [],
          placeholders: ['weightCosts'],
        }),
        letter({
          seedKey: `letter-${key}-registered`,
          label: `Registered letter, ${name}`,
          labelLv: `Ierakstītā vēstule, ${nameLv}`,
          shipmentSubType: 'registered',
          countryCode: null,
          zone,
          onlineDiscountEligible: true,
          description: `Registered letter to the ${name} zone, up to 2 kg`,
          weightCosts: LETTER_STEPS.map((step) =>
            placeholderPrice(
              step,
              '2025-01-01',
              'Registered letters to the EEA / world: not found (tariffs.md Missing).',
            ),
          ),
          serviceOptions: [placeholderService('deliveryConfirmationAbroad')],
          placeholders: ['weightCosts', 'serviceOptions'],
        }),
      ];
    }),
  ];
}

// ---- domestic parcels at the post office -------------------------------------------------------

/** 2026: EUR 7.01 (insured 8.39) up to 1 kg and EUR 1.25 for each further kg, to 20 kg (la.lv). */
function domesticParcelCosts(insured: boolean): WeightCost[] {
  const extra = { insured };
  const first2025 = insured ? 687 : 682;
  const first2026 = insured ? 839 : 701;
  const rows: WeightCost[] = [
    price(1000, first2025, '2025-01-01', SOURCES.laLv2026, extra),
    price(1000, first2026, '2026-01-01', SOURCES.laLv2026, extra),
  ];
  if (!insured) rows.push(price(2000, 621, '2023-01-01', SOURCES.puc2023, { note: '1–2 kg, history' }));
  for (let kg = 2; kg <= 20; kg++) {
    rows.push(
      placeholderPrice(kg * 1000, '2025-01-01', 'The 2025 price per further kg was not found.', insured),
      price(kg * 1000, first2026 + (kg - 1) * 125, '2026-01-01', SOURCES.laLv2026, {
        ...extra,
        note: `EUR ${(first2026 / 100).toFixed(2)} up to 1 kg + EUR 1.25 for each further (started) kg`,
      }),
    );
  }
  return rows;
}

function domesticParcel(): WorkflowSeed {
  return workflow({
    seedKey: 'parcel-lv-post-office-registered',
    label: 'Parcel, post office to post office, Latvia',
    labelLv: 'Paka, no pasta nodaļas uz pasta nodaļu, Latvija',
    shipmentType: 'parcel',
    shipmentSubType: 'registered',
    countryCode: 'LV',
    zone: 'LV',
    transferType: 'postOffice',
    receivingType: 'postOffice',
    // tariffs.md §6: domestic parcels up to 20 kg, length + girth ≤ 200 cm, no side over 105 cm.
    maxWeight: 20_000,
    // tariffs.md §7 quotes "within 4 working days" from an undated page; SPEC §9 sets one working
    // day within Latvia, which the portal promises (workflow() above) and tracking counts.
    description: 'Registered (or, with insurance, insured) domestic parcel (pasta paka)',
    dimensions: {
      description: 'Length + girth at most 200 cm, no side over 105 cm, at least 9 × 14 cm',
      length: 105,
      width: null,
      height: null,
    },
    weightCosts: [...domesticParcelCosts(false), ...domesticParcelCosts(true)],
    serviceOptions: [
      ...parcelServices(
        // tariffs.md §3/§5: "additionally 2 % of the insured amount"; SPEC §9: plus VAT.
        ratioService('insurance', 200, 'insuredAmount', SOURCES.ogrenet2024, LV_VAT_RATE),
      ),
      // "Lielizmēra" add-on exists (tariffs.md §6); its price was not found.
      placeholderService('bigSize', { source: SOURCES.parcelsPage }),
    ],
    placeholders: ['serviceOptions'],
  });
}

// ---- parcel lockers and courier options, Latvia, Lithuania, Estonia ---------------------------

const BALTIC = [
  { code: 'LV', name: 'Latvia', nameLv: 'Latvija' },
  { code: 'LT', name: 'Lithuania', nameLv: 'Lietuva' },
  { code: 'EE', name: 'Estonia', nameLv: 'Igaunija' },
] as const;

/** The courier options: how the parcel is handed over and how it arrives, with their names. */
const COURIER_OPTIONS = [
  {
    transferType: 'parcelMachine',
    receivingType: 'courier',
    en: 'parcel locker to door by courier',
    lv: 'no pakomāta līdz durvīm ar kurjeru',
  },
  {
    transferType: 'courier',
    receivingType: 'parcelMachine',
    en: 'courier pick-up to parcel locker',
    lv: 'kurjers paņem, uz pakomātu',
  },
  {
    transferType: 'courier',
    receivingType: 'courier',
    en: 'courier pick-up to door by courier',
    lv: 'kurjers paņem un piegādā līdz durvīm',
  },
] as const;

const LOCKER_SIZES = ['xs', 's', 'm', 'l', 'xl'] as const;

const LOCKER_NOTE =
  'Latvijas Pasts parcel-locker size classes and their prices were not found (tariffs.md §6, Missing). ' +
  'The locker takes items up to 31.5 kg and 38 × 38 × 58 cm (pasts.lv 2020); the portal limit is 30 kg (SPEC §9).';

function lockerAndCourier(): WorkflowSeed[] {
  return BALTIC.flatMap(({ code, name, nameLv }) => {
    const zone: Zone = code === 'LV' ? 'LV' : 'EEA';
    const key = code.toLowerCase();
    const services = (courierPickUp: boolean) => [
      ...parcelServices(insurancePlaceholder()),
      ...(courierPickUp ? [placeholderService('courierPickUp')] : []),
    ];
    const unknownPrice = [placeholderPrice(30_000, '2025-01-01', LOCKER_NOTE)];

    const lockers = LOCKER_SIZES.map((size) =>
      workflow({
        seedKey: `parcel-${key}-locker-${size}`,
        label: `Parcel locker ${size.toUpperCase()}, ${name}`,
        labelLv: `Pakomāts ${size.toUpperCase()}, ${nameLv}`,
        shipmentType: 'parcel',
        shipmentSubType: 'standard',
        shipmentSizeType: size,
        countryCode: code,
        zone,
        transferType: 'parcelMachine',
        receivingType: 'parcelMachine',
        maxWeight: 30_000,
        description: `Parcel locker to parcel locker, size ${size.toUpperCase()}`,
        // No source states the sides of LP's size classes (tariffs.md §6): not stated, and the
        // locker's own 38 × 38 × 58 cm applies to every class (prices/service.ts sizeLimitOf).
        dimensions: {
          description: `Size class ${size.toUpperCase()}: sides not stated by the operator`,
          length: null,
          width: null,
          height: null,
        },
        weightCosts: unknownPrice,
        serviceOptions: services(false),
        placeholders: ['weightCosts', 'serviceOptions', 'subTypeDescription.dimensions'],
        notes: LOCKER_NOTE,
      }),
    );

    const courierOptions = COURIER_OPTIONS.map(({ transferType, receivingType, en, lv }) =>
      workflow({
        seedKey: `parcel-${key}-${transferType}-${receivingType}`,
        label: `Parcel, ${en}, ${name}`,
        labelLv: `Paka, ${lv}, ${nameLv}`,
        shipmentType: 'parcel',
        shipmentSubType: 'standard',
        countryCode: code,
        zone,
        transferType,
        receivingType,
        // SPEC §9: courier for parcels up to 30 kg and 38 × 38 × 58 cm.
        maxWeight: 30_000,
        description: 'Parcel with courier pick-up or delivery',
        dimensions: { description: 'Up to 38 × 38 × 58 cm', length: 58, width: 38, height: 38 },
        weightCosts: unknownPrice,
        serviceOptions: services(transferType === 'courier'),
        placeholders: ['weightCosts', 'serviceOptions'],
        notes: 'Courier prices and the courier pick-up fee of Latvijas Pasts were not found (tariffs.md Missing).',
      }),
    );
    return [...lockers, ...courierOptions];
  });
}

// ---- international parcels and small packets -------------------------------------------------

const INTERNATIONAL = [
  {
    subType: 'economy',
    size: 'small',
    label: 'Small packet Economy (unregistered)',
    labelLv: 'Sīkpaka Economy (neierakstīta)',
    maxWeight: 2000,
  },
  {
    subType: 'standard',
    size: 'small',
    label: 'Small packet Standard (registered, tracked)',
    labelLv: 'Sīkpaka Standard (ierakstīta, izsekojama)',
    maxWeight: 2000,
  },
  {
    subType: 'standardPlus',
    size: 'small',
    label: 'Small packet Standard+ (insured)',
    labelLv: 'Sīkpaka Standard+ (apdrošināta)',
    maxWeight: 2000,
  },
  {
    subType: 'standardPlus',
    size: 'large',
    label: 'Parcel Standard+ (insured)',
    labelLv: 'Paka Standard+ (apdrošināta)',
    maxWeight: 30_000,
  },
  { subType: 'premium', size: 'large', label: 'Parcel Premium', labelLv: 'Paka Premium', maxWeight: 30_000 },
] as const;

function international(): WorkflowSeed[] {
  return (['EEA', 'WORLD'] as const).flatMap((zone) =>
    INTERNATIONAL.map((product) => {
      const small = product.size === 'small';
      const insured = product.subType === 'standardPlus' || product.subType === 'premium';
      const services: ServiceOption[] = [
        ...(insured ? [insurancePlaceholder()] : []),
        ...(product.subType === 'standard' ? [placeholderService('trackingInternational')] : []),
      ];
      return workflow({
        seedKey: `parcel-${zone.toLowerCase()}-${product.subType}-${product.size}`,
        label: `${product.label}, ${zone === 'EEA' ? 'EEA' : 'rest of the world'}`,
        labelLv: `${product.labelLv}, ${ZONE_NAMES_LV[zone]}`,
        shipmentType: 'parcel',
        shipmentSubType: product.subType,
        shipmentSizeType: product.size,
        countryCode: null,
        zone,
        transferType: 'postOffice',
        receivingType: 'atReceiverAddress',
        maxWeight: product.maxWeight,
        onlineDiscountEligible: small && (product.subType === 'standard' || product.subType === 'standardPlus'),
        description: small
          ? 'Small packet: longest side 60 cm, up to 2 kg (SPEC §9); goods value up to EUR 35 (tariffs.md §6)'
          : 'International parcel',
        dimensions: small ? { description: 'Longest side at most 60 cm', length: 60, width: null, height: null } : null,
        weightCosts: [
          placeholderPrice(
            product.maxWeight,
            '2025-01-01',
            'Cross-border parcel and small-packet prices for 2025/2026 and the country groups: not found (tariffs.md §4).',
          ),
        ],
        serviceOptions: services,
        placeholders: [
          'weightCosts',
          ...(services.length > 0 ? ['serviceOptions'] : []),
          ...(small ? [] : ['maxWeight']),
        ],
      });
    }),
  );
}

/** Every seeded workflow, in a stable order (the insertion order; ids follow it). */
export function buildWorkflowSeed(): WorkflowSeed[] {
  return [...letters(), domesticParcel(), ...lockerAndCourier(), ...international()];
}

// The back office makes a new product the way the seed makes one (administration.ts).
export { type Draft as WorkflowDraft, placeholderService, workflow as workflowFromDraft };
