/** What player protection puts in the member-centre overlay: the responsible-gaming page (issue 28). */
import type { ComponentType } from 'react';
import type { CentreModule } from '../../../shell/parts.ts';
import ProtectionPage from './ProtectionPage.tsx';

export const centre: CentreModule = {
  PAGES: { protection: ProtectionPage as ComponentType },
};
