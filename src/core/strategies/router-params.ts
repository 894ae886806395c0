// Fitted by scripts/fit-router.ts (see there); placeholder until the first fit: everything to BDTR.
import type { RouterParams } from './router.ts';

export const ROUTER_PARAMS: RouterParams = { comparison: 'bdtr', flatAt: 1, flat: 'bdtr', peaked: 'bdtr', fittedOn: 'not fitted' };
