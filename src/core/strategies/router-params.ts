// Placeholder until scripts/fit-router.ts writes the fitted tree.
import type { RouterParams } from './router.ts';

export const ROUTER_PARAMS: RouterParams = { tree: { leaf: 'gcot' }, fittedOn: 'unfitted' };
