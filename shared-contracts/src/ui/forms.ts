/**
 * `@portal/shared-contracts/ui/forms`: the Mantine components of the long forms (order wizard,
 * calculator, lists with paging), kept out of the home page's first paint: they load with the
 * first screen that uses one. Same single Mantine instance as `./ui`. Mantine's NumberInput is
 * left out on purpose: it brings a number-format library; money and weights use the shared
 * decimal-input normaliser instead.
 */
export { Fieldset, Grid, Pagination, Radio, Stepper, Textarea } from '@mantine/core';
