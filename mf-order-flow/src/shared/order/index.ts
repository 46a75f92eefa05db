// The folder's entry. Inside a remote, features never import each other; what several use lives in
// shared/, and pages compose features (dependency-cruiser's Feature-Sliced rules, issue 39).
export * from './api';
export * from './contract';
export * from './shipment-type';
