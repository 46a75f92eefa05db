/** The test environment of the files that open a database, as their docblock names it. */
export declare const DATABASE_ENVIRONMENT: string;
/** True when the test file at `filePath` runs in the database test environment. */
export declare function opensDatabase(filePath: string): boolean;
