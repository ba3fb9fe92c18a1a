/** The points' words in the browser (their catalogue, loaded on demand), for the member centre's page. */
import { useEffect, useState } from 'react';
import { lazyCatalogue } from '../../../kernel/i18n/browser.ts';
import type pointsCatalogue from '../i18n/en/points.json';

export type PointsLabels = typeof pointsCatalogue;
const catalogue = lazyCatalogue(import.meta.glob<PointsLabels>('../i18n/*/points.json', { import: 'default' }));

export function loadPointsLabels(lang: string): Promise<PointsLabels> {
  return catalogue.load(lang);
}

export function usePointsLabels(lang: string): PointsLabels | undefined {
  const [l, setL] = useState<PointsLabels | undefined>(() => catalogue.loaded(lang));
  useEffect(() => {
    if (!l) void catalogue.load(lang).then(setL);
  }, [lang, l]);
  return l;
}
