/** A Play button for free spins just claimed (a mission's or leaderboard's reward): launches their slot as the reward centre's daily spins do. */
import { launch } from '../../play/client.ts';
import { fill } from '../../../shell/labels.tsx';
import type { PrizeView } from '../contract.ts';

export default function PlayPrize({ prize, label }: { prize: PrizeView; label: string }) {
  const game = prize.game;
  if (prize.kind !== 'freeSpins' || !game) return null;
  return (
    <button type="button" className="btn btn-primary btn-sm" onClick={() => launch(game, { accountType: '1' })}>
      {fill(label, { game: prize.on ?? '' })}
    </button>
  );
}
