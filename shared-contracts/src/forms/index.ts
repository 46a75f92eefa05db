/**
 * `@portal/shared-contracts/forms` (since 2.6.0): the portal's one form adapter, `usePortalForm`
 * (@mantine/form with the contracts' checks and the API's violations beside the fields; issue 39
 * item 4). An entry of its own, loaded with the first form: the form library stays off the home
 * page's first paint, and it needs the platform context (./react), which ./ui may not import.
 */
export {
  type FormRules,
  type FormSchema,
  type PortalForm,
  type PortalFormOptions,
  usePortalForm,
} from './use-portal-form';
