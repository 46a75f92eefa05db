import { formatMoney } from '@portal/shared-contracts';
import {
  DEFAULT_LABEL_FORMAT,
  isLabelFormat,
  needsCustomsDeclaration,
  ORDER_MESSAGES,
  type OrderWrite,
} from '@portal/shared-contracts/orders';
import { asc, eq } from 'drizzle-orm';
import type { Orm } from '../../db';
import { ApiError } from '../../http/problem';
import {
  type CustomsFormType,
  customsFormFor,
  type DocumentRenderer,
  type LabelFormat,
  type PrintableParty,
  type PrintableShipment,
  renderDocument,
} from '../documents';
import { labelFormatOfAccount } from '../identity';
import type { Workflow, WorkflowCatalogue } from '../workflows';
import type { Caller } from './access';
import type { PlaceLookup } from './place-rules';
import type { OrderLineRow, OrderRow } from './resource';
import { orderLines, orders } from './schema';
import type { OrderService } from './service';

type Line = OrderWrite['orderLines'][number];
type Party = NonNullable<Line['sender']>;

const PRINTABLE_STATUSES = new Set([
  'paid',
  'created',
  'transferred',
  'transferredInBulk',
  'processed',
  'sent',
  'sentAbroad',
]);
const PRINTED_SERVICES: Record<string, string> = {
  fragile: 'Fragile',
  bigSize: 'Big size',
  bigSizeAndFragile: 'Big size, fragile',
  fastDelivery: 'Fast delivery',
  deliveryConfirmationLatvia: 'Delivery confirmation',
  deliveryConfirmationAbroad: 'Delivery confirmation',
};

export const notPrintable = () => new ApiError(422, ORDER_MESSAGES.notPrintable);

/**
 * What labels print of what other modules keep: countries' names and the addresses of the post
 * offices and parcel lockers shipments go to. The composition root answers it from the countries
 * and service-locations modules, so that orders depends on neither (issue 37).
 */
export interface LabelPlaces {
  /** The English name of each code that is a country. */
  countryNames(codes: readonly string[]): Promise<Map<string, string>>;
  /** The locations with these ids, in no order. */
  locations(ids: readonly string[]): Promise<{ id: string; name: string; address: string; city: string }[]>;
  /** Type, operator, country and services of the places with these ids: which a product may use (issue 40). */
  places: PlaceLookup;
}

/**
 * The documents of a paid order (issue 5 §5): shipping labels (A6, four per A4 page, or ZPL) and the
 * customs declaration (CN22 or CN23 by the content value), rendered by the documents module
 * from the order's records. Anything unpaid is "not in a printable status" (422).
 */
export class OrderDocuments {
  constructor(
    private readonly orm: Orm,
    private readonly orderService: OrderService,
    private readonly catalogue: WorkflowCatalogue,
    private readonly places: LabelPlaces,
    /** In this thread by default; the module passes worker threads (DOCUMENT_WORKERS). */
    private readonly render: DocumentRenderer = renderDocument,
  ) {}

  /**
   * The labels in the format asked for, or else in the default of the account the order belongs
   * to (issue 20 item 4; A6 for a visitor's order or an account that chose none).
   */
  async labels(caller: Caller, key: string, asked?: LabelFormat): Promise<{ format: LabelFormat; file: Buffer }> {
    const { order, shipments } = await this.printableOrder(caller, key);
    const format = asked ?? (await this.defaultLabelFormat(order.accountId));
    return { format, file: await this.render({ kind: 'labels', shipments, format }) };
  }

  private async defaultLabelFormat(accountId: number | null): Promise<LabelFormat> {
    if (accountId === null) return DEFAULT_LABEL_FORMAT;
    const chosen = await labelFormatOfAccount(this.orm, accountId);
    return isLabelFormat(chosen) ? chosen : DEFAULT_LABEL_FORMAT;
  }

  /** The CN22 or CN23 (by the content value) of the order's first shipment that leaves the EU customs area. */
  async customs(caller: Caller, key: string): Promise<{ form: CustomsFormType; pdf: Buffer }> {
    const shipment = (await this.printable(caller, key)).find((candidate) => candidate.customs);
    if (!shipment?.customs) throw notPrintable();
    return { form: customsFormFor(shipment.customs), pdf: await this.render({ kind: 'customs', shipment }) };
  }

  private async printable(caller: Caller, key: string): Promise<PrintableShipment[]> {
    return (await this.printableOrder(caller, key)).shipments;
  }

  private async printableOrder(
    caller: Caller,
    key: string,
  ): Promise<{ order: OrderRow; shipments: PrintableShipment[] }> {
    const { order, lines } = await this.orderService.load(key);
    if (!order) throw notPrintable();
    const allowed = await this.orderService.access.check(caller, order, 'read');
    const paid = printableLines(lines);
    if (allowed.status !== 'paid' || paid.length === 0) throw notPrintable();
    return { order: allowed, shipments: await printableShipments(this.places, this.catalogue, allowed, paid) };
  }
}

/** The lines of a paid order that have a label to print (their S10 number given, still on their way). */
function printableLines(lines: OrderLineRow[]): OrderLineRow[] {
  return lines.filter((line) => line.barcode !== null && PRINTABLE_STATUSES.has(line.status));
}

/**
 * The A6 labels of a paid order by its id, for a caller the orders module does not know: the
 * hand-over module's counter or locker, which proves its right with a signed single-use code.
 * Null when the order is not paid or has nothing printable (cancelled, refunded, archived).
 */
export class PaidOrderLabels {
  constructor(
    private readonly orm: Orm,
    private readonly catalogue: WorkflowCatalogue,
    private readonly places: LabelPlaces,
    private readonly render: DocumentRenderer = renderDocument,
  ) {}

  async a6(orderId: number): Promise<Buffer | null> {
    const [order] = await this.orm.select().from(orders).where(eq(orders.id, orderId));
    if (order?.status !== 'paid' || order.archivedAt !== null) return null;
    const lines = printableLines(
      await this.orm.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position)),
    );
    if (lines.length === 0) return null;
    const shipments = await printableShipments(this.places, this.catalogue, order, lines);
    return this.render({ kind: 'labels', shipments, format: 'A6' });
  }
}

async function printableShipments(
  places: LabelPlaces,
  catalogue: WorkflowCatalogue,
  order: OrderRow,
  lines: OrderLineRow[],
): Promise<PrintableShipment[]> {
  const workflows = await catalogue.all();
  const parties = lines.flatMap((line) => [line.sender as Party | null, line.receiver as Party | null]);
  const codes = [
    ...new Set(
      [...parties.map((party) => party?.address?.countryCode), ...lines.flatMap((line) => contentOrigins(line))]
        .filter((code): code is string => !!code)
        .map((code) => code.toUpperCase()),
    ),
  ];
  const names = await places.countryNames(codes);
  const locationIds = [
    ...new Set(
      lines
        .map((line) => (line.receiver as Party | null)?.address?.serviceLocationId)
        .filter((id): id is string => !!id),
    ),
  ];
  const locations = new Map(
    (locationIds.length === 0 ? [] : await places.locations(locationIds)).map(
      (row) => [row.id, `${row.name}, ${row.address}, ${row.city}`] as const,
    ),
  );

  return lines.map((line) => {
    const workflow = workflows.find((candidate) => candidate.id === line.workFlowId);
    const attributes = (line.attributes ?? {}) as NonNullable<Line['attributes']>;
    const services = (line.services ?? {}) as NonNullable<Line['services']>;
    const receiver = line.receiver as Party;
    const destination = (attributes.countryCode ?? receiver?.address?.countryCode ?? 'LV').toUpperCase();
    const content = (line.content ?? []) as NonNullable<Line['content']>;
    const customsInfo = (line.customsInfo ?? {}) as NonNullable<Line['customsInfo']>;
    const locationId = receiver?.address?.serviceLocationId;
    return {
      shipmentNumber: line.barcode as string,
      productLabel: productLabel(workflow, names.get(destination) ?? destination),
      weightGrams: attributes.weight ?? 0,
      sender: printableParty(line.sender as Party, names),
      receiver: printableParty(receiver, names),
      serviceNotes: serviceNotes(attributes, services),
      deliveryPoint: locationId ? (locations.get(locationId) ?? receiver?.address?.readableAddress ?? null) : null,
      postedAt: order.paidAt ?? order.updatedAt,
      customs:
        !needsCustomsDeclaration(destination) || content.length === 0
          ? null
          : {
              natureOfTransaction: customsInfo.natureOfTransaction ?? 'other',
              contents: content.map((item) => ({
                description: item.name ?? '',
                quantity: item.quantity ?? 1,
                weightGrams: item.weight ?? 0,
                valueCents: item.value ?? 0,
                hsCode: item.hsCode ?? null,
                originCountryCode: item.countryCode?.toUpperCase() ?? null,
              })),
              currency: 'EUR',
              postageCents: line.priceCents,
              exporterVatCode: customsInfo.exporterVatCode ?? null,
              importerVatCode: customsInfo.importerVatCode ?? null,
              voecNumber: customsInfo.voecNumber ?? null,
              associatedDocuments: (customsInfo.associatedDocuments ?? []).map((document) => ({
                type: document.type,
                number: document.number ?? null,
                description: document.description ?? null,
              })),
            },
    };
  });
}

function contentOrigins(line: OrderLineRow): (string | null | undefined)[] {
  return ((line.content ?? []) as NonNullable<Line['content']>).map((item) => item.countryCode);
}

function productLabel(workflow: Workflow | undefined, countryName: string): string {
  return workflow ? `${workflow.label}, ${countryName}` : countryName;
}

/** A party as a label prints it (the country's name from `names`, by code); returns print theirs the same way. */
export function printableParty(party: Party | null, names: Map<string, string>): PrintableParty {
  const address = party?.address ?? {};
  const countryCode = (address.countryCode ?? 'LV').toUpperCase();
  return {
    name: party?.name ?? '',
    companyName: party?.company ? (party.companyName ?? null) : null,
    phone: party?.phone ? `+${party.phonePrefix ?? '371'} ${party.phone}` : null,
    email: party?.email ?? null,
    address: {
      addressLine: address.addressLine ?? address.readableAddress ?? '',
      city: address.city ?? '',
      postCode: address.postCode ?? '',
      countryCode,
      countryName: names.get(countryCode) ?? countryCode,
      region: address.region ?? null,
    },
  };
}

function serviceNotes(attributes: NonNullable<Line['attributes']>, services: NonNullable<Line['services']>): string[] {
  const notes: string[] = [];
  const insurance = services.insurance?.amount ?? null;
  if (insurance !== null) notes.push(`Insured ${formatMoney(insurance)}`);
  const cod = services.cashOnDelivery;
  if (cod?.amount != null) notes.push(`Cash on delivery ${formatMoney(cod.amount)}`);
  for (const name of attributes.additionalServices ?? []) {
    const printed = PRINTED_SERVICES[name];
    if (printed && !notes.includes(printed)) notes.push(printed);
  }
  return notes;
}
