/**
 * `@portal/shared-contracts/forms` (since 2.6.0): the portal's one form adapter, `usePortalForm`
 * (@mantine/form with the contracts' checks and the API's violations beside the fields; issue 39
 * item 4). An entry of its own, not shared but bundled where imported (as ./i18n/server-messages):
 * the form library stays off the home page, and the hook needs the platform context (./react),
 * which ./ui may not import (folder cycle). What must be one instance it takes from shared entries.
 */
export {
  type FormRules,
  type FormSchema,
  type PortalForm,
  type PortalFormOptions,
  usePortalForm,
} from './use-portal-form';
