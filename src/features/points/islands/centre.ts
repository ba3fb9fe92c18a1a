/** What the points put in the member-centre overlay: the points page (issue 32). */
import type { CentreModule } from '../../../shell/parts.ts';
import PointsPage from './PointsPage.tsx';
import { useLabels } from '../../../shell/labels.tsx';
import { withUiWords } from '../../../ui/words.tsx';

const useLang = () => useLabels().lang;

export const centre: CentreModule = { PAGES: { points: withUiWords(PointsPage, useLang) } };
