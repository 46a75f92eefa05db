import type { Locale } from '@portal/shared-contracts';
import {
  ADDITIONAL_SERVICES,
  HANDOVER_TYPES,
  SHIPMENT_SIZE_TYPES,
  SHIPMENT_SUB_TYPES,
  SHIPMENT_TYPES,
} from '@portal/shared-contracts/pricing';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { described, hydraCollectionAnswer, twinErrorAnswers } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { acceptedLocale } from '../../http/locale';
import { invalidInput, notFound } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import { choiceAnswer, shipmentStepAnswer, workflowAnswer } from './answers';
import { type Workflow, workflowLabel } from './model';
import {
  SORTABLE_FIELDS,
  type SortableField,
  type WorkflowFilter,
  type WorkflowOrder,
  type WorkflowService,
} from './service';
import { shipmentSteps } from './steps';

export interface WorkflowRoutesOptions {
  service: WorkflowService;
}

const DEFAULT_ROWS_PER_PAGE = 5;
const MAX_ROWS_PER_PAGE = 300;
const MAX_IDS = 100;

const positiveInteger = (max = 2_000_000_000) =>
  z
    .string()
    .regex(/^\d{1,10}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(z.number().min(1, 'This value should be 1 or more.').max(max, `This value should be ${max} or less.`));

const booleanParameter = z
  .enum(['true', 'false', '1', '0'], { error: 'This value should be true or false.' })
  .transform((value) => value === 'true' || value === '1');

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'This value should be a two-letter country code.')
  .transform((code) => code.toUpperCase());

/** `id=1`, `id=1,2`, `id[]=1&id[]=2`: a list of ids. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')))
  .pipe(z.array(positiveInteger()).min(1).max(MAX_IDS, `Give at most ${MAX_IDS} ids.`));

/** `additionalServices=a,b` or `additionalServices[]=a&additionalServices[]=b`. */
const serviceList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).filter(Boolean))
  .pipe(z.array(z.enum(ADDITIONAL_SERVICES, { error: 'The value you selected is not a valid choice.' })));

const direction = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(['ASC', 'DESC'], { error: 'This value should be ASC or DESC.' }));

const orderParameters = Object.fromEntries(
  Object.keys(SORTABLE_FIELDS).map((field) => [`_order[${field}]`, direction.optional()]),
) as Record<`_order[${SortableField}]`, z.ZodOptional<typeof direction>>;

/** The list's query string (the admin list, admin-routes.ts, takes the same). */
export const listQuery = z.strictObject({
  page: positiveInteger().default(1),
  rowsPerPage: positiveInteger(MAX_ROWS_PER_PAGE).default(DEFAULT_ROWS_PER_PAGE),
  ...orderParameters,
  id: idList.optional(),
  'id[]': idList.optional(),
  shipmentType: z.enum(SHIPMENT_TYPES).optional(),
  shipmentSubType: z.enum(SHIPMENT_SUB_TYPES).optional(),
  shipmentSizeType: z.enum(SHIPMENT_SIZE_TYPES).optional(),
  'country.code': countryCode.optional(),
  zone: z.enum(['LV', 'EEA', 'WORLD']).optional(),
  transferType: z.enum(HANDOVER_TYPES).optional(),
  receivingType: z.enum(HANDOVER_TYPES).optional(),
  isActive: booleanParameter.optional(),
  label: z.string().min(1, 'This value should not be blank.').max(100).optional(),
});

const itemParams = z.object({ id: positiveInteger() });

const stepsQuery = z.strictObject({
  countryCode,
  shipmentType: z.enum(SHIPMENT_TYPES),
  additionalServices: serviceList.optional(),
  'additionalServices[]': serviceList.optional(),
});

const subTypesQuery = z.strictObject({
  shipmentType: z.enum(SHIPMENT_TYPES).optional(),
  'country.code': countryCode.optional(),
});

/**
 * The JSON-LD representation (SPEC §3 Workflow); `@id` is the canonical path whichever twin answers.
 * `label` is in the caller's language (Accept-Language); `labels` holds both, for administration.
 */
export function workflowResource(workflow: Workflow, locale: Locale) {
  return {
    '@id': `/api/work_flows/${workflow.id}`,
    '@type': 'WorkFlow' as const,
    id: workflow.id,
    isActive: workflow.isActive,
    label: workflowLabel(workflow, locale),
    labels: { en: workflow.label, lv: workflow.labelLv },
    shipmentType: workflow.shipmentType,
    shipmentSubType: workflow.shipmentSubType,
    shipmentSizeType: workflow.shipmentSizeType,
    country: workflow.countryCode
      ? { '@id': `/api/countries/${workflow.countryCode}`, code: workflow.countryCode }
      : null,
    zone: workflow.zone,
    returnServiceType: workflow.returnServiceType,
    transferType: workflow.transferType,
    receivingType: workflow.receivingType,
    transferNetworks: workflow.transferNetworks,
    receivingNetworks: workflow.receivingNetworks,
    subTypeDescription: workflow.subTypeDescription,
    configs: workflow.configs,
    insuranceVariants: workflow.insuranceVariants,
    barcodeRequestConfigs: workflow.barcodeRequestConfigs,
    sasBroadcastConfigs: workflow.sasBroadcastConfigs,
    maxWeight: workflow.maxWeight,
    maxInsuranceAmount: workflow.maxInsuranceAmount,
    weightCosts: workflow.weightCosts,
    deliveryDays: workflow.deliveryDays,
    vatRate: workflow.vatRate,
    onlineDiscountEligible: workflow.onlineDiscountEligible,
    serviceOptions: workflow.serviceOptions,
    servicesToAdd: workflow.servicesToAdd,
    servicesToRemove: workflow.servicesToRemove,
    placeholders: workflow.placeholders,
    notes: workflow.notes,
    createdAt: workflow.createdAt.toISOString(),
    updatedAt: workflow.updatedAt.toISOString(),
  };
}

/**
 * The list's query string as the service takes it: filters, sort order (in the order the
 * `_order[...]` parameters were given: `given` is the caller's query string) and paging. The admin
 * list (admin-routes.ts) reads the same.
 */
export function listRequest(
  query: z.output<typeof listQuery>,
  given: Record<string, unknown>,
): {
  filter: WorkflowFilter;
  order: WorkflowOrder;
  paging: { page: number; itemsPerPage: number };
} {
  const order: WorkflowOrder = (Object.keys(SORTABLE_FIELDS) as SortableField[]).flatMap((field) => {
    const value = query[`_order[${field}]`];
    return value ? [{ field, direction: value }] : [];
  });
  const names = Object.keys(given);
  order.sort((a, b) => names.indexOf(`_order[${a.field}]`) - names.indexOf(`_order[${b.field}]`));
  const ids = query.id || query['id[]'] ? [...(query.id ?? []), ...(query['id[]'] ?? [])] : undefined;
  return {
    filter: {
      ids,
      shipmentType: query.shipmentType,
      shipmentSubType: query.shipmentSubType,
      shipmentSizeType: query.shipmentSizeType,
      countryCode: query['country.code'],
      zone: query.zone,
      transferType: query.transferType,
      receivingType: query.receivingType,
      isActive: query.isActive,
      label: query.label,
    },
    order,
    paging: { page: query.page, itemsPerPage: query.rowsPerPage },
  };
}

/**
 * The query string as the caller wrote it, a repeated parameter (`id[]=1&id[]=2`) as a list, in
 * the order given: the route's schema has replaced `request.query` with the parsed values.
 */
export function givenQueryOf(request: { url: string }): Record<string, string | string[]> {
  const search = request.url.indexOf('?');
  const given = new Map<string, string | string[]>();
  if (search < 0) return {};
  for (const [name, value] of new URLSearchParams(request.url.slice(search + 1))) {
    const before = given.get(name);
    given.set(name, before === undefined ? value : [...[before].flat(), value]);
  }
  return Object.fromEntries(given);
}

/** The query as repeated in hydra:view links: lists joined with commas. */
export function linkQuery(query: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]),
  );
}

const tags = ['Products and workflows'];

export const workflowRoutes: FastifyPluginAsync<WorkflowRoutesOptions> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const errors = twinErrorAnswers(app);

  app.get(
    '/work_flows',
    {
      config: { apiKeyScope: 'read' },
      schema: {
        summary: 'List the shipping products (workflows)',
        description:
          'Filter on the shipment’s type, sub-type, size, country, zone, handover types, `isActive`, `label` or ' +
          '`id` (a list); sort with `_order[field]=ASC|DESC`, several in the order given. Labels are in the ' +
          'language of `Accept-Language`.',
        tags,
        querystring: listQuery,
        response: {
          200: hydraCollectionAnswer(workflowAnswer, 'One page of workflows.'),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const given = givenQueryOf(request);
      const { filter, order, paging } = listRequest(request.query, given);
      const { items, totalItems } = await service.list(filter, order, paging);
      reply.type(JSON_LD);
      return hydraCollection({
        context: '/api/contexts/WorkFlow',
        path: '/api/work_flows',
        members: items.map((item) => workflowResource(item, acceptedLocale(request.headers['accept-language']))),
        totalItems,
        paging,
        query: linkQuery(given),
      });
    },
  );

  app.get(
    '/work_flows/:id',
    {
      config: { apiKeyScope: 'read' },
      schema: {
        summary: 'Read a shipping product (workflow)',
        tags,
        params: itemParams,
        querystring: NO_QUERY,
        response: {
          200: described(workflowAnswer, 'The workflow.'),
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const workflow = await service.findById(id);
      if (!workflow) throw notFound(`Workflow "${id}" not found.`);
      reply.type(JSON_LD);
      return workflowResource(workflow, acceptedLocale(request.headers['accept-language']));
    },
  );

  app.get(
    '/shipment_steps',
    {
      schema: {
        summary: 'List the order-flow steps of a shipment',
        description:
          'The content step is there only when the shipment needs it (customs outside the EU, services that ' +
          'depend on the content value).',
        tags,
        querystring: stepsQuery,
        response: {
          200: hydraCollectionAnswer(shipmentStepAnswer, 'The steps, in order.'),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (!(await service.countryExists(query.countryCode))) {
        throw invalidInput(400, [
          { propertyPath: 'countryCode', message: 'Unknown country.', code: 'UNKNOWN_COUNTRY' },
        ]);
      }
      const steps = shipmentSteps({
        countryCode: query.countryCode,
        shipmentType: query.shipmentType,
        additionalServices: [...(query.additionalServices ?? []), ...(query['additionalServices[]'] ?? [])],
      });
      reply.type(JSON_LD);
      return hydraCollection({
        context: '/api/contexts/ShipmentStep',
        path: '/api/shipment_steps',
        members: steps.map((step) => ({ '@type': 'ShipmentStep' as const, ...step })),
        totalItems: steps.length,
        paging: { page: 1, itemsPerPage: steps.length || 1 },
        query: {},
      });
    },
  );

  app.get(
    '/choices/shipment_sub_types',
    {
      schema: {
        summary: 'List the shipment sub-types that active workflows offer',
        tags,
        querystring: subTypesQuery,
        response: {
          200: hydraCollectionAnswer(choiceAnswer, 'The sub-types, with their labels.'),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const choices = await service.subTypes({ shipmentType: query.shipmentType, countryCode: query['country.code'] });
      reply.type(JSON_LD);
      return hydraCollection({
        context: '/api/contexts/Choice',
        path: '/api/choices/shipment_sub_types',
        members: choices.map((choice) => ({ '@type': 'Choice' as const, ...choice })),
        totalItems: choices.length,
        paging: { page: 1, itemsPerPage: choices.length || 1 },
        query: {},
      });
    },
  );
};
