/** White-label flags of spec section 3, as clients read them from /wps/system/status. */
export interface WhitelabelNode {
  modId: string;
  enabled: '1' | '0';
  childrenNodes: WhitelabelNode[];
}

export const WHITELABEL_FLAGS = [
  'AGENTPOLICY3',
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'CHNGPASSMAIL3',
  'CHNGPASSVERIF3',
] as const;

/**
 * Flattens the module tree into flags.
 * @example flattenWhitelabel([{ modId: 'FREEPLAY3', enabled: '1', childrenNodes: [] }]) // { FREEPLAY3: true }
 */
export function flattenWhitelabel(nodes: WhitelabelNode[], out: Record<string, boolean> = {}): Record<string, boolean> {
  for (const n of nodes) {
    out[n.modId] = n.enabled === '1';
    flattenWhitelabel(n.childrenNodes, out);
  }
  return out;
}
