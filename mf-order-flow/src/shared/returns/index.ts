// The folder's entry: the returns' calls and messages, shared by the order page and the /returns page.
export * from './api';
export * from './messages';
