/** What the agent feature puts in the shell: the back office app on /agentHome. */
import type { ShellParts } from '../../shell/parts.ts';
import AgentApp from './islands/AgentApp.tsx';

export const shell: ShellParts = { pages: { agentApp: AgentApp } };
