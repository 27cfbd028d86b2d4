// Types of public-surface.mjs for scripts/public-surface-test.mjs and the packages' tests.
export declare const PACKAGE_DIRS: readonly string[];
export declare function surfaceOf(dir: string, mode: "dist" | "source"): Promise<string>;
export declare function publishedExportsProblem(dir: string): string | undefined;
export declare function surfaceFile(dir: string): string;
