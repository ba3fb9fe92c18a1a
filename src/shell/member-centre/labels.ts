/** The member centre's own words (the overlay's title, its menu's name, 'My account'): the shell's `centre` catalogue, loaded with the overlay. */
import { lazyCatalogue } from '../../kernel/i18n/browser.ts';
import type enCentre from '../i18n/en/centre.json';

export type CentreLabels = typeof enCentre;
export const centreCatalogue = lazyCatalogue(import.meta.glob<CentreLabels>('../i18n/*/centre.json', { import: 'default' }));
