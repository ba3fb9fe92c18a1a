/**
 * The accounts catalogues the shell loads on demand (`auth` for the popups' interface, `accounts`
 * for the validation messages shared with the server), as chunks of their own per language.
 * Loaded here, by their owner, so that the shell reaches them through accounts' face.
 */
import { lazyCatalogue } from '../../../kernel/i18n/browser.ts';
import type enAuth from '../i18n/en/auth.json';

export type AuthLabels = typeof enAuth;

export const authCatalogue = lazyCatalogue(import.meta.glob<AuthLabels>('../i18n/*/auth.json', { import: 'default' }));
export const accountsCatalogue = lazyCatalogue(import.meta.glob<Record<string, unknown>>('../i18n/*/accounts.json', { import: 'default' }));
