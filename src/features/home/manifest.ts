/** What the home feature adds: the home page only (src/features/home/pages.ts); its data comes from games and content. */
import type { FeatureManifest } from '../../kernel/feature.ts';

export const manifest: FeatureManifest = { name: 'home', calls: [], routes: [] };
