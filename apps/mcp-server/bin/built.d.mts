// Types of built.mjs (plain JavaScript: bin/svc.mjs imports it before any TypeScript loader runs).

export declare const DIST_DIR: URL;
export declare const MANIFEST: string;
export declare function stamp(path: string | URL): [size: number, mtimeMs: number] | null;
export declare function builtEntry(dir?: URL): string | undefined;
