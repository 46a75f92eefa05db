// Types of remotes.mjs for the gateway (TypeScript) that imports it.
export declare const DESCRIPTION_FILE: string;
export declare function readDescription(dir: string): unknown;
export declare const REMOTE_NAMES: string[];
