/**
 * System messages from the outbox's events (src/kernel/events.ts): the features that make the
 * facts emit them in their own transactions; this consumer turns each into a message in the same
 * transaction that moves its cursor, so each event gives exactly one message.
 */
import type { Consumer } from '../../../kernel/events.ts';
import { sendSystemMessage } from './inbox.ts';

/** Event kind -> message template (inbox:system.<template>). */
const TEMPLATES: Record<string, string> = {
  'wallet.deposit.credited': 'depositCredited',
  'wallet.withdrawal.paid': 'withdrawalPaid',
  'wallet.withdrawal.rejected': 'withdrawalRejected',
  'agent.contract.offered': 'contractOffered',
  'agent.contract.ended': 'contractEnded',
  'promotions.bonus.issued': 'bonusIssued',
  'promotions.bonus.missed': 'bonusMissed',
  'promotions.vip.levelup': 'vipLevelUp',
  'promotions.application.rejected': 'applicationRejected',
  'promotions.referral.rewarded': 'referralRewarded',
  'promotions.referral.welcomed': 'referralWelcomed',
};

export const inboxConsumer: Consumer = {
  name: 'inbox.system-messages',
  kinds: Object.keys(TEMPLATES),
  async handle(tx, events) {
    for (const e of events) {
      if (e.memberId === null) continue;
      await sendSystemMessage(tx, e.memberId, TEMPLATES[e.kind]!, e.payload, e.id);
    }
  },
};
