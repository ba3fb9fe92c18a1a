/**
 * The member centre's menu as links (the /member page, spec 2.14), rendered by the shell into the
 * page's `data-shell-page="memberCentreMenu"` placeholder from the pages the features declare
 * (./entries.ts), listed as the overlay lists them. Each opens `/member?page=<page>`, which the
 * shell shows as the member-centre overlay.
 */
import { useEffect, useId, useState } from 'react';
import { localPath, useLabels } from '../labels.tsx';
import { loadTitles } from './entries.ts';
import { centreCatalogue, type CentreLabels } from './labels.ts';
import { useListed } from './listed.ts';

export default function MemberCentreMenu() {
  const labels = useLabels();
  const listed = useListed();
  const id = useId();
  const [words, setWords] = useState<{ titles: Record<string, string>; centre: CentreLabels } | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([loadTitles(labels.lang), centreCatalogue.load(labels.lang)]).then(([titles, centre]) => live && setWords({ titles, centre }));
    return () => {
      live = false;
    };
  }, [labels.lang]);
  if (!words) return null;
  return (
    <nav className="card mc-links" aria-labelledby={id}>
      <h2 id={id}>{words.centre.menu}</h2>
      <p className="muted">{words.centre.lead}</p>
      <ul>
        {listed.map((e) => (
          <li key={e.page}>
            <a href={localPath(labels, `/member?page=${e.page}`)}>{words.titles[e.page]}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
