/** Bundles the API server into `out` (dist-server/ by default) and returns the path of its server.mjs (scripts/build-server.mjs). */
export function buildServer(out?: string): Promise<string>;
