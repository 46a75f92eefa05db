// Types of description.mjs for TypeScript callers.
export declare const DESCRIPTION_FILE: string;
export declare function readDescription(dir: string): unknown;
