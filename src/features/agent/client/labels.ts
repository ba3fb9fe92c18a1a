/** The agent catalogue, loaded with the back office (its pages are the only ones that read it). */
import { lazyCatalogue } from '../../../kernel/i18n/browser.ts';
import type agentJson from '../i18n/en/agent.json';

export type AgentLabels = typeof agentJson;

export const agentCatalogue = lazyCatalogue(import.meta.glob<AgentLabels>('../i18n/*/agent.json', { import: 'default' }));
