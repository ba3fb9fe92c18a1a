/** What customer service puts in the member-centre overlay: the feedback page (spec 2.14). */
import type { ComponentType } from 'react';
import type { CentreModule } from '../../../shell/parts.ts';
import FeedbackPage from './FeedbackPage.tsx';

export const centre: CentreModule = {
  PAGES: { feedback: FeedbackPage as ComponentType },
};
