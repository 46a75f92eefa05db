// The feature's public entry (dependency-cruiser's feature-inner-file rule).
export { ReturnActions } from './ReturnActions';
