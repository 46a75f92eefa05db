/**
 * `@portal/shared-contracts/ui/forms`: the Mantine components of the long forms (order wizard,
 * calculator, lists with paging) and of the tabbed pages (settings, address book, my orders), kept
 * out of the home page's first paint: they load with the
 * first screen that uses one. Same single Mantine instance as `./ui`. Mantine's NumberInput is
 * left out on purpose: it brings a number-format library; money and weights use the shared
 * decimal-input normaliser instead.
 */
// The styles of these components and of those they are built from, in Mantine's order (see ./index.ts),
// except those ./index.ts already brings: a stylesheet imported by two entries would go into a chunk
// of its own, loaded in another order than Mantine's (a Card's padding lost to Paper's).
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Tabs.css';

export { Fieldset, Grid, Pagination, Radio, Stepper, Tabs, Textarea } from '@mantine/core';
