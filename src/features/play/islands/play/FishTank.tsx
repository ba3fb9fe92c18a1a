/**
 * A fish game on the game page (issue 34, fish): fish of eight kinds swim across a canvas; the
 * player picks the cannon's stake and shoots a fish by tapping it (or with the target buttons,
 * which are the same shots for the keyboard and screen readers). Each shot is a one-spot round
 * of the table rules (contract/tables.ts `FISH`): the server rolls it from the member's seed pair
 * and the page shows what it did to the fish aimed at. The swimming is decoration drawn on this
 * page only: where a fish is when it is tapped changes nothing but which fish is aimed at.
 * Loaded only for fish games; reduced motion keeps the fish still and the shots instant.
 */
import { useEffect, useRef } from 'react';
import { FISH, fishMultiple, type FishId } from '../../contract/tables.ts';
import { fill } from '../../client/game-logic.ts';
import { Chips } from './Chips.tsx';
import type { BoardProps } from './TableBoard.tsx';
import './fish.css';

interface Props extends BoardProps {
  onShoot: (fish: FishId) => void;
  /** The fish whose shot's answer was lost: its button retries that shot. */
  pendingFish: string | null;
}

const COLOURS: Record<FishId, [string, string]> = {
  clownfish: ['#ff8a3d', '#fff'],
  angelfish: ['#ffd23f', '#2b59c3'],
  pufferfish: ['#e9c46a', '#8d5524'],
  turtle: ['#2a9d8f', '#e9f5db'],
  octopus: ['#c1121f', '#ffb3c1'],
  shark: ['#8d99ae', '#edf2f4'],
  whale: ['#3a86ff', '#cfe1ff'],
  dragon: ['#ffb703', '#fb5607'],
};

/** A fish's half-length on a sea `h` pixels high: bigger multiples, bigger fish. */
const sizeOf = (multiple: number, h: number) => (h / 320) * (9 + 5 * Math.log2(multiple));

interface Swimmer {
  id: FishId;
  lane: number;
  speed: number;
  phase: number;
  dir: 1 | -1;
}

/** Two of each small fish, one of each big one, in lanes across the sea; drawn biggest first (the small swim in front). */
const SWIMMERS: Swimmer[] = FISH.flatMap((f, i) =>
  Array.from({ length: f.multiple <= 10 ? 2 : 1 }, (_, k) => ({
    id: f.id,
    lane: ((i * 5 + k * 4) % 11) / 11,
    speed: 60 / Math.sqrt(f.multiple) + 10,
    phase: (i * 0.382 + k * 0.5) % 1,
    dir: (i + k) % 2 === 0 ? (1 as const) : (-1 as const),
  })),
).sort((a, b) => fishMultiple(b.id)! - fishMultiple(a.id)!);

interface Effect {
  kind: 'shot' | 'hit' | 'miss';
  x: number;
  y: number;
  at: number;
  text?: string;
}

export default function FishTank(p: Props) {
  const { T, fmt } = p;
  const F = T.fish;
  const canvas = useRef<HTMLCanvasElement>(null);
  const effects = useRef<Effect[]>([]);
  const aimed = useRef<{ x: number; y: number } | null>(null);
  const seen = useRef<string | null>(p.round?.roundId ?? null);
  const positions = useRef<{ id: FishId; x: number; y: number; r: number }[]>([]);
  const still = useRef(typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches);
  const shot = p.round?.table?.bets[0];
  const shotFish = shot ? (shot.spot as FishId) : null;
  const won = p.round ? Number(p.round.win) > 0 : false;

  // A new round: its effect where the fish was aimed at.
  useEffect(() => {
    if (!p.round || p.round.roundId === seen.current) return;
    seen.current = p.round.roundId;
    const at = aimed.current ?? positions.current.find((f) => f.id === shotFish) ?? { x: 0, y: 0 };
    effects.current.push({ kind: won ? 'hit' : 'miss', x: at.x, y: at.y, at: performance.now(), text: won ? `+${fmt(p.round.win)}` : undefined });
    aimed.current = null;
    // Still fish are drawn only when something changes: this does.
    canvas.current?.dispatchEvent(new Event('fishtank:redraw'));
  }, [p.round, shotFish, won, fmt]);

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    const isStill = still.current;
    let frame = 0;
    const draw = (now: number) => {
      const ratio = window.devicePixelRatio || 1;
      const w = el.clientWidth;
      const h = el.clientHeight;
      if (el.width !== Math.round(w * ratio) || el.height !== Math.round(h * ratio)) {
        el.width = Math.round(w * ratio);
        el.height = Math.round(h * ratio);
      }
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      const sea = ctx.createLinearGradient(0, 0, 0, h);
      sea.addColorStop(0, '#0b4f8a');
      sea.addColorStop(1, '#031b34');
      ctx.fillStyle = sea;
      ctx.fillRect(0, 0, w, h);
      const t = isStill ? 0 : now / 1000;
      const seenFish: { id: FishId; x: number; y: number; r: number }[] = [];
      for (const s of SWIMMERS) {
        const m = fishMultiple(s.id)!;
        const r = sizeOf(m, h);
        const span = w + 4 * r;
        const travelled = (s.phase * span + t * s.speed) % span;
        const x = s.dir === 1 ? travelled - 2 * r : w + 2 * r - travelled;
        const y = r + 8 + s.lane * (h - 2 * r - 60) + Math.sin(t * 1.3 + s.phase * 6) * 6;
        seenFish.push({ id: s.id, x, y, r });
        drawFish(ctx, x, y, r, s.dir, COLOURS[s.id], `×${m}`);
      }
      positions.current = seenFish;
      // The cannon.
      ctx.fillStyle = '#ffd166';
      ctx.beginPath();
      ctx.arc(w / 2, h + 6, 30, Math.PI, 0);
      ctx.fill();
      // Shots, hits and misses.
      effects.current = effects.current.filter((e) => now - e.at < (e.kind === 'shot' ? 300 : 1200));
      for (const e of effects.current) {
        const k = (now - e.at) / (e.kind === 'shot' ? 300 : 1200);
        if (e.kind === 'shot') {
          const x = w / 2 + (e.x - w / 2) * k;
          const y = h - 20 + (e.y - (h - 20)) * k;
          ctx.fillStyle = '#fff';
          ctx.beginPath();
          ctx.arc(x, y, 4, 0, Math.PI * 2);
          ctx.fill();
        } else {
          ctx.strokeStyle = e.kind === 'hit' ? `rgba(255, 214, 10, ${1 - k})` : `rgba(255, 255, 255, ${0.6 * (1 - k)})`;
          ctx.lineWidth = 3;
          ctx.beginPath();
          ctx.arc(e.x, e.y, 10 + k * (e.kind === 'hit' ? 40 : 16), 0, Math.PI * 2);
          ctx.stroke();
          if (e.text) {
            ctx.fillStyle = `rgba(255, 236, 150, ${1 - k})`;
            ctx.font = 'bold 18px system-ui, sans-serif';
            ctx.textAlign = 'center';
            ctx.fillText(e.text, e.x, e.y - 20 - 30 * k);
          }
        }
      }
      // Still fish (reduced motion): drawn again only for a shot's effect, a new size or a redraw.
      if (!isStill || effects.current.length) frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    const restart = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(draw);
    };
    el.addEventListener('fishtank:redraw', restart);
    // A new size (the page's styles arriving, a turned phone) redraws, also when the fish are still.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(restart) : null;
    resized?.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      resized?.disconnect();
      el.removeEventListener('fishtank:redraw', restart);
    };
  }, []);

  const fire = (fish: FishId, at?: { x: number; y: number }) => {
    if (p.disabled) return;
    const target = at ?? positions.current.find((f) => f.id === fish);
    if (target) {
      aimed.current = { x: target.x, y: target.y };
      // The shot flies, unless motion is reduced (its result shows where it was aimed).
      if (!still.current) {
        effects.current.push({ kind: 'shot', x: target.x, y: target.y, at: performance.now() });
        canvas.current?.dispatchEvent(new Event('fishtank:redraw'));
      }
    }
    p.onShoot(fish);
  };

  const onTap = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - box.left;
    const y = e.clientY - box.top;
    // The fish under the tap (the smallest when several: it swims in front).
    const on = positions.current.filter((f) => Math.hypot(f.x - x, f.y - y) <= f.r * 1.3).sort((a, b) => a.r - b.r)[0];
    if (on) fire(on.id, { x: on.x, y: on.y });
  };

  return (
    <div className="ft">
      <canvas ref={canvas} className="ft-sea" role="img" aria-label={F.tank} onPointerDown={onTap} data-testid="fish-sea" />
      <p className="muted pl-small">{F.tankHint}</p>
      <div className={`pl-winbar${won ? ' won' : ''}`}>
        <span>{p.winLabel}</span>
        <strong data-testid="play-win">{p.round ? (won ? fmt(p.round.win) : p.noWinLabel) : '–'}</strong>
      </div>
      <p className="pl-result" role="status" aria-live="polite" aria-atomic="true" data-testid="fish-result">
        {p.announce}
        {p.announce && !p.busy && shotFish && p.round ? ` ${won ? fill(F.hit, { fish: F.names[shotFish], amount: fmt(p.round.win) }) : fill(F.miss, { fish: F.names[shotFish] })}` : ''}
      </p>
      {p.error}
      <Chips chips={p.rules.bets} chosen={p.chip} label={F.cannon} chipLabel={T.chip} fmt={fmt} onChip={p.onChip} />
      <h3 className="ft-targets-title">{F.targets}</h3>
      <ul className="ft-targets">
        {FISH.map((f) => (
          <li key={f.id}>
            <button
              type="button"
              className="ft-target"
              data-fish={f.id}
              onClick={() => fire(f.id)}
              // Not disabled while a shot is under way: the button keeps the keyboard's focus (fire ignores it then).
              aria-disabled={p.disabled}
              aria-label={p.pendingFish === f.id ? `${p.retryLabel}: ${fill(F.shoot, { fish: F.names[f.id], multiple: f.multiple })}` : fill(F.shoot, { fish: F.names[f.id], multiple: f.multiple })}
              style={{ '--fish': COLOURS[f.id][0] } as React.CSSProperties}
            >
              <span className="ft-swatch" aria-hidden="true" />
              <span>{F.names[f.id]}</span>
              <strong>×{f.multiple}</strong>
            </button>
          </li>
        ))}
      </ul>
      {p.busy && (
        <p className="muted pl-small" aria-hidden="true">
          {F.shooting}
        </p>
      )}
    </div>
  );
}

/** A fish: an oval body, a tail, an eye, its multiple on its side. */
function drawFish(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, dir: 1 | -1, [body, fin]: [string, string], label: string) {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(dir, 1);
  ctx.fillStyle = fin;
  ctx.beginPath();
  ctx.moveTo(-r * 0.8, 0);
  ctx.lineTo(-r * 1.6, -r * 0.6);
  ctx.lineTo(-r * 1.6, r * 0.6);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.ellipse(0, 0, r, r * 0.62, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#000';
  ctx.beginPath();
  ctx.arc(r * 0.55, -r * 0.15, Math.max(1.5, r * 0.09), 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  ctx.fillStyle = '#fff';
  ctx.font = `bold ${Math.max(10, Math.round(r * 0.5))}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, x, y + r * 0.9);
}
