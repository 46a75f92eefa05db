import {
  type BarcodeRequestConfig,
  type InsuranceVariant,
  type SasBroadcastConfig,
  type ServiceOption,
  type SubTypeDescription,
  type WeightCost,
  WORKFLOW_ZONES,
  type WorkflowConfigs,
} from '@portal/shared-contracts/admin';
import { SHIPMENT_TYPES } from '@portal/shared-contracts/pricing';
import { boolean, char, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { countries } from '../countries/schema';

// Workflows (SPEC §3 Workflow, issue 4): one shipping product to one country or one zone, with
// its configuration, weight steps and additional services. The JSON columns hold documents that
// are read and edited whole (types in modules/workflows/model.ts). `seed_key` names a seeded
// workflow so that seeding is idempotent; workflows made by administrators have none.
export const workFlows = pgTable(
  'work_flows',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    seedKey: text('seed_key'),
    isActive: boolean('is_active').notNull().default(true),
    label: text('label').notNull(),
    /** The label in Latvian (SPEC §1: the portal speaks lv and en); null falls back to `label`. */
    labelLv: text('label_lv'),
    shipmentType: text('shipment_type', { enum: SHIPMENT_TYPES }).notNull(),
    shipmentSubType: text('shipment_sub_type').notNull(),
    shipmentSizeType: text('shipment_size_type'),
    /** A specific destination; null for a zone workflow (`zone` says which countries). */
    countryCode: char('country_code', { length: 2 }).references(() => countries.code),
    /** LV, EEA or WORLD (modules/workflows/zones.ts). */
    zone: text('zone', { enum: WORKFLOW_ZONES }).notNull(),
    transferType: text('transfer_type'),
    receivingType: text('receiving_type'),
    returnServiceType: text('return_service_type'),
    /**
     * Operators whose places the product hands over / delivers at (issue 40; the rule is
     * shared-contracts orders/location-rules.ts; empty: any operator). New products start with the
     * operator's own network.
     */
    transferNetworks: text('transfer_networks').array().notNull().default(['Latvijas Pasts']),
    receivingNetworks: text('receiving_networks').array().notNull().default(['Latvijas Pasts']),
    maxWeight: integer('max_weight').notNull(),
    maxInsuranceAmount: integer('max_insurance_amount'),
    deliveryDays: integer('delivery_days'),
    /** VAT share of the tariff price, in basis points (0: the published price has no VAT part). */
    vatRate: integer('vat_rate').notNull().default(0),
    onlineDiscountEligible: boolean('online_discount_eligible').notNull().default(false),
    subTypeDescription: jsonb('sub_type_description').$type<SubTypeDescription>().notNull(),
    configs: jsonb('configs').$type<WorkflowConfigs>().notNull(),
    insuranceVariants: jsonb('insurance_variants').$type<InsuranceVariant[]>().notNull().default([]),
    barcodeRequestConfigs: jsonb('barcode_request_configs').$type<BarcodeRequestConfig[]>().notNull().default([]),
    sasBroadcastConfigs: jsonb('sas_broadcast_configs').$type<SasBroadcastConfig[]>().notNull().default([]),
    weightCosts: jsonb('weight_costs').$type<WeightCost[]>().notNull(),
    serviceOptions: jsonb('service_options').$type<ServiceOption[]>().notNull(),
    servicesToAdd: text('services_to_add').array().notNull().default([]),
    servicesToRemove: text('services_to_remove').array().notNull().default([]),
    /** Fields whose seeded value is a placeholder for an administrator to set (e.g. `maxWeight`). */
    placeholders: text('placeholders').array().notNull().default([]),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('work_flows_seed_key_idx').on(table.seedKey),
    // The default list order (createdAt descending, id as tie-break).
    index('work_flows_created_at_id_idx').on(table.createdAt, table.id),
    // Filters of the list and of the price lookup: type (+ subtype, size), country, zone.
    index('work_flows_shipment_type_sub_type_size_idx').on(
      table.shipmentType,
      table.shipmentSubType,
      table.shipmentSizeType,
    ),
    index('work_flows_country_code_idx').on(table.countryCode),
    index('work_flows_zone_shipment_type_idx').on(table.zone, table.shipmentType),
  ],
);
