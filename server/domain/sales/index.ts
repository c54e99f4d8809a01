import type { DomainModule } from '../types.js';
import { arrangementSetHook } from './arrangements.js';
import { dynamicRateHook } from './dynamicRateRules.js';
import { accountHook } from './accounts.js';

export const salesModule: DomainModule = {
  hooks: { 'sales/arrangement-set': arrangementSetHook, 'sales/dynamic-rate': dynamicRateHook, 'sales/account': accountHook },
};
