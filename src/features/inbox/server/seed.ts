/** Demo messages (demo data, labelled): a welcome to the demo player and a note to everyone, in English and Spanish. */
import { DEMO_ACCOUNTS, findByUsername } from '../../accounts/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { sendOperatorMessage } from './inbox.ts';

export async function seedDemoMessages(db: Db): Promise<void> {
  const player = await findByUsername(db, DEMO_ACCOUNTS.find((a) => a.role === 'player')!.username);
  if (!player) return;
  await sendOperatorMessage(db, {
    to: [player.id],
    title: { default: 'Welcome to Lucky Demo (demo message)', es: 'Bienvenido a Lucky Demo (mensaje de demostración)' },
    body: {
      default: 'This inbox gets messages from the platform: deposits credited, withdrawals paid, promotions. This one is demo data.',
      es: 'Este buzón recibe mensajes de la plataforma: depósitos acreditados, retiros pagados, promociones. Este es un dato de demostración.',
    },
    isDemo: true,
  });
}
