export const builtServer: string;
export function buildServerIfStale(): Promise<string>;
export function serverCommand(): Promise<[string, string[]]>;
