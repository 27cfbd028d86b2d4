// Types of public-surface.mjs for the packages' test/public-surface.test.ts.
export declare const PACKAGE_DIRS: readonly string[];
export declare function surfaceOf(dir: string, mode: "dist" | "source"): Promise<string>;
export declare function publishedExportsProblem(dir: string): string | undefined;
export declare function surfaceFile(dir: string): string;
