/**
 * Parts a feature adds to another feature's member-centre page, by slot name (the overlay gathers
 * them from the features' `islands/centre.ts` beside their pages). The page that owns a slot
 * renders `<CentreSlot>` and knows nothing of who fills it, so a feature earlier in the order
 * (the wallet's deposit page) shows what a later one (the promotions) says, and the walls hold.
 */
import { createContext, useContext, type ComponentType } from 'react';

/** The slots and what their owner passes to whoever fills them. */
export interface CentreSlotProps {
  /** Above the deposit form: `version` grows with each order created; `returned` names the order a payment page sent the player back with. */
  'deposit.offers': { version: number; returned: string | null };
}
export type CentreSlotName = keyof CentreSlotProps;
export type CentreSlots = { [K in CentreSlotName]?: ComponentType<CentreSlotProps[K]> };

export const CentreSlotsContext = createContext<CentreSlots>({});

/** Renders what a feature put in slot `name`, or nothing. */
export function CentreSlot<K extends CentreSlotName>({ name, props }: { name: K; props: CentreSlotProps[K] }) {
  const Part = useContext(CentreSlotsContext)[name] as ComponentType<CentreSlotProps[K]> | undefined;
  return Part ? <Part {...props} /> : null;
}
