/**
 * The reels: `grid[reel][row]` drawn as columns of symbol cells, the winning cells marked and
 * the winning paylines drawn over them. While `spinningFrom` is below the number of reels, the
 * reels from that index on show a moving blur of the game's symbols (still, under
 * prefers-reduced-motion); the game page stops them one by one. Shared by the game page and
 * the verify page.
 */
import { cellKey, fill, linePoints, winningCells, type LineWinView } from '../../client/game-logic.ts';
import { SymbolGlyph } from './SymbolGlyph.tsx';

export interface ReelsProps {
  reels: number;
  rows: number;
  /** grid[reel][row]; empty until a round is shown (the page shows the strips' first cells). */
  grid: readonly (readonly string[])[];
  lines: readonly (readonly number[])[];
  lineWins: readonly LineWinView[];
  symbols: readonly string[];
  /** Reels from this index on are spinning (reels = none). */
  spinningFrom?: number;
  names: Record<string, string>;
  labels: { reels: string; cell: string; cellWin: string };
}

/** What a spinning reel shows: `rows` symbols of the game twice over, so that the roll loops seamlessly. */
function blurStrip(symbols: readonly string[], reel: number, rows: number): string[] {
  const n = Math.max(1, symbols.length);
  const base = Array.from({ length: rows + 1 }, (_, i) => symbols[(reel * 3 + i * 2) % n] ?? '');
  return [...base, ...base];
}

const PALETTE = ['#ffc94d', '#4ade80', '#60a5fa', '#f472b6', '#fb923c', '#22d3ee', '#c084fc', '#f87171', '#a3e635', '#facc15'];

export function Reels({ reels, rows, grid, lines, lineWins, symbols, spinningFrom = reels, names, labels }: ReelsProps) {
  const settled = spinningFrom >= reels;
  const wins = settled ? winningCells(lines, lineWins) : new Set<string>();
  return (
    <div className="pl-reels" role="group" aria-label={labels.reels} aria-busy={!settled} style={{ ['--pl-reels' as string]: reels }}>
      {Array.from({ length: reels }, (_, reel) => {
        const spinning = reel >= spinningFrom;
        return (
          <div key={reel} className={`pl-reel${spinning ? ' spinning' : ''}`}>
            {spinning ? (
              <>
                {Array.from({ length: rows }, (_, row) => (
                  <div key={`p${row}`} className="pl-cell pl-placeholder" aria-hidden="true" />
                ))}
                <div className="pl-blur" aria-hidden="true">
                  {blurStrip(symbols, reel, rows).map((s, i) => (
                    <div key={i} className="pl-cell">
                      <SymbolGlyph symbol={s} />
                    </div>
                  ))}
                </div>
              </>
            ) : (
              Array.from({ length: rows }, (_, row) => {
                const symbol = grid[reel]?.[row] ?? symbols[(reel + row) % symbols.length] ?? '';
                const win = wins.has(cellKey(reel, row));
                const name = names[symbol] ?? symbol;
                return (
                  <div key={row} className={`pl-cell${win ? ' win' : ''}`} role="img" aria-label={fill(win ? labels.cellWin : labels.cell, { symbol: name, reel: reel + 1, row: row + 1 })}>
                    <SymbolGlyph symbol={symbol} />
                  </div>
                );
              })
            )}
          </div>
        );
      })}
      {settled && lineWins.length > 0 && (
        <svg className="pl-lines" viewBox={`0 0 ${reels} ${rows}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
          {lineWins.map((w) => {
            const line = lines[w.line];
            if (!line) return null;
            return (
              <polyline
                key={w.line}
                points={linePoints(line.slice(0, Math.max(2, Math.min(w.count, reels))))}
                fill="none"
                stroke={PALETTE[w.line % PALETTE.length]}
                strokeWidth="4"
                strokeLinecap="round"
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
                opacity="0.85"
              />
            );
          })}
        </svg>
      )}
    </div>
  );
}
