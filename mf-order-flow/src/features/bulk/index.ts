export { BulkOrderPage } from './BulkOrderPage';
