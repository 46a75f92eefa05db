export declare const SHELL_SERVER_DIST: string;
export declare const FIRST_SCREEN_BUNDLE: string;
export declare const FIRST_SCREEN_FILE: string;
