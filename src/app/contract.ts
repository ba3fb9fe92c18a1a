/** Every declared call, from the features' manifests (for the completeness tests). */
import { FEATURES } from './features.ts';

export const allCalls = FEATURES.flatMap((f) => f.calls);
