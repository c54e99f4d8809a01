import { version as pkgVersion } from '../../package.json';

export const version: string = pkgVersion;
