/**
 * The time left to bet on the open draw: the only part of the board that follows the clock's
 * seconds (the page's `$serverNow`), so a tick re-renders this and nothing around it.
 */
import { useStore } from '@nanostores/react';
import { countdown } from '../client/draw-times.ts';
import { useLotteryPage } from './page.ts';

export function Countdown({ closesAt }: { closesAt: number }) {
  const { flow } = useLotteryPage();
  const now = useStore(flow.$serverNow);
  return (
    <strong className="lt-countdown" data-testid="lottery-countdown" data-duration aria-live="off">
      {countdown(closesAt - now)}
    </strong>
  );
}
