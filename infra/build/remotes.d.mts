// Types of remotes.mjs for the gateway (TypeScript) that imports it.
export declare const REMOTE_NAMES: string[];
