// The feature's public entry: other features of this remote import only what is listed here
// (dependency-cruiser's feature-inner-file rule).

export * from './api';
export * from './ConfirmDelete';
export * from './Pager';
