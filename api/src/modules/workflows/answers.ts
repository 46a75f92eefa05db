import {
  barcodeRequestConfigSchema,
  insuranceVariantSchema,
  sasBroadcastConfigSchema,
  serviceOptionSchema,
  subTypeDescriptionSchema,
  WORKFLOW_ZONES,
  weightCostSchema,
  workflowConfigsSchema,
} from '@portal/shared-contracts/admin';
import { SHIPMENT_TYPES } from '@portal/shared-contracts/pricing';
import { z } from 'zod';

// The answers of the workflow routes (routes.ts): the JSON documents of a row come from the shared
// contracts (admin/workflows.ts), which the back office edits.

/** A workflow as GET /api/work_flows answers it (SPEC §3 Workflow; routes.ts workflowResource). */
export const workflowAnswer = z.object({
  '@id': z.string(),
  '@type': z.literal('WorkFlow'),
  id: z.int(),
  isActive: z.boolean(),
  /** In the caller's language (Accept-Language). */
  label: z.string(),
  labels: z.object({ en: z.string(), lv: z.string().nullable() }),
  shipmentType: z.enum(SHIPMENT_TYPES),
  shipmentSubType: z.string(),
  shipmentSizeType: z.string().nullable(),
  /** Null for a workflow that serves a zone rather than one country. */
  country: z.object({ '@id': z.string(), code: z.string() }).nullable(),
  zone: z.enum(WORKFLOW_ZONES),
  returnServiceType: z.string().nullable(),
  transferType: z.string().nullable(),
  receivingType: z.string().nullable(),
  /** Operators whose places the product hands over at; empty: any (shared-contracts orders/location-rules.ts). */
  transferNetworks: z.array(z.string()),
  /** Operators whose places the product delivers at; empty: any. */
  receivingNetworks: z.array(z.string()),
  subTypeDescription: subTypeDescriptionSchema,
  configs: workflowConfigsSchema,
  insuranceVariants: z.array(insuranceVariantSchema),
  barcodeRequestConfigs: z.array(barcodeRequestConfigSchema),
  sasBroadcastConfigs: z.array(sasBroadcastConfigSchema),
  /** Grams. */
  maxWeight: z.int(),
  /** Cents. */
  maxInsuranceAmount: z.int().nullable(),
  weightCosts: z.array(weightCostSchema),
  deliveryDays: z.int().nullable(),
  /** Basis points (10000 = 100 %). */
  vatRate: z.int(),
  onlineDiscountEligible: z.boolean(),
  serviceOptions: z.array(serviceOptionSchema),
  servicesToAdd: z.array(z.string()),
  servicesToRemove: z.array(z.string()),
  /** Fields whose value is a placeholder for an administrator to set. */
  placeholders: z.array(z.string()),
  notes: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** One step of the order flow for a shipment (steps.ts). */
export const shipmentStepAnswer = z.object({
  '@type': z.literal('ShipmentStep'),
  step: z.int().positive(),
  name: z.enum(['shipment', 'parties', 'content', 'summary']),
  label: z.string(),
});

/** A shipment sub-type that can be chosen, with its label. */
export const choiceAnswer = z.object({
  '@type': z.literal('Choice'),
  value: z.string(),
  label: z.string(),
});
