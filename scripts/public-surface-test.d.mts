// Types of public-surface-test.mjs for the packages' test/public-surface.test.ts.
export declare function surfaceTests(dir: string): void;
