export declare const REMOTE_SERVER_FOLDER: string;
export declare const REMOTE_PUBLIC_PATH_MODULE: string;
export declare function exposeFileName(expose: string): string;
