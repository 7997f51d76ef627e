/** Bundles the API server into dist-server/ (see build-server.mjs). */
export function buildServer(): Promise<void>;
