/**
 * `@portal/shared-contracts/ui/table`: Mantine's Table, kept out of the home page's first paint:
 * its scroll container brings the ScrollArea code, which with the chunk it shares cost the first
 * screen ~18 KB gzip (issue 18). It loads with the first screen that shows a table. Same single
 * Mantine instance as `./ui`.
 */
// The styles of this component only: ScrollArea's stay in ./index.ts, which the overlays' lists
// need too (a stylesheet imported by two entries would go into a chunk of its own, loaded in
// another order than Mantine's; see ./index.ts).
import '@mantine/core/styles/Table.css';

export { Table } from '@mantine/core';
