// The composition root (issue 22, issue 37): the one place where the API is wired together. Modules
// never import it (dependency-cruiser's api-module-imports-composition rule).
export { composeBackground } from './background';
export { fileStorageOf, listenToOtherInstances, startJobEngine, startJobs } from './lifecycle';
export { MODULE_NAMES, registerModules, selectModules } from './modules';
export { registerPlatform } from './platform';
export { composeServices, type Services } from './services';
