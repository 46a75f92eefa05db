// The folder's entry (dependency-cruiser's Feature-Sliced rules, issue 39): the pieces every
// back-office list page is built from, and the admin pages' breadcrumb trail.
export { Breadcrumbs, type Crumb } from './Breadcrumbs';
export { FilterControl } from './FilterControl';
export { type ListPaging, type ListQuery, ListTable, type ListTableProps } from './ListTable';
export { type SortDirection, SortHeader, type SortHeaderProps } from './SortHeader';
export { oneOf, useListParams } from './useListParams';
