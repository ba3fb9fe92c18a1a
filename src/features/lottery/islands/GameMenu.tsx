/**
 * The lottery page's game menu: the player's recent games, then the games by group, each with how
 * often it draws and the countdown to its close. A column on wide screens, a row that scrolls
 * sideways on phones.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import type { GameMenuItem } from '../contract.ts';
import { menuStatus, scheduleText } from '../client/draw-times.ts';
import { useLotteryPage } from './page.ts';

export function GameMenu() {
  const { flow, labels: L } = useLotteryPage();
  const ids = useId();
  const menu = useStore(flow.$menu);
  const groups = useStore(flow.$groups);
  const recent = useStore(flow.$recent);
  const menuError = useStore(flow.$menuError);
  const gameCode = useStore(flow.$gameCode);
  const groupsRef = useRef<HTMLDivElement>(null);

  // On a phone the menu is a row that scrolls sideways: the chosen game is brought into it.
  useEffect(() => {
    const row = groupsRef.current;
    const on = row?.querySelector<HTMLElement>('.lt-game[aria-pressed="true"]');
    if (row && on && row.scrollWidth > row.clientWidth) row.scrollLeft = Math.max(0, on.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft - 16);
  }, [menu, gameCode]);

  return (
    <nav className="lt-menu card" aria-labelledby={`${ids}-menu`}>
      <h2 id={`${ids}-menu`} className="lt-h2">
        {L.menu.heading}
      </h2>
      {menuError && (
        <p role="alert" className="lt-error">
          {menuError}
        </p>
      )}
      <div className="lt-menu-groups" ref={groupsRef}>
        {recent.length > 0 && <MenuGroup title={L.menu.recent} items={recent} selected={gameCode} />}
        {groups.map((g) => (
          <MenuGroup key={g.groupCode} title={(L.menu.groups as Record<string, string>)[g.groupCode] ?? g.groupCode} items={g.gameMenus} selected={gameCode} />
        ))}
      </div>
    </nav>
  );
}

function MenuGroup(props: { title: string; items: GameMenuItem[]; selected: string | null }) {
  const { flow, gameName } = useLotteryPage();
  return (
    <div className="lt-group">
      <h3 className="lt-group-title">{props.title}</h3>
      <ul className="lt-games">
        {props.items.map((g) => (
          <li key={g.gameCode}>
            <button type="button" className="lt-game" aria-pressed={props.selected === g.gameCode} onClick={() => flow.choose(g.gameCode)}>
              <span className="lt-game-name-sm">{gameName(g.gameCode)}</span>
              <GameMeta game={g} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** How often a game draws and whether it takes bets: the one part of a menu entry that follows the clock. */
function GameMeta({ game }: { game: GameMenuItem }) {
  const { flow, labels: L, lang } = useLotteryPage();
  const now = useStore(flow.$serverNow);
  return (
    <span className="lt-game-meta" data-duration>
      {scheduleText(game, L.menu, lang)} · {menuStatus(game, now, L.menu)}
    </span>
  );
}
