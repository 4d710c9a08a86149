import { lazyModule } from '../lazy/lazyModule';
import { lazyView } from '../lazy/lazyView';

// Views that only some threads or states show, each in a lazy chunk: rendered, they show nothing until their chunk
// has loaded (a local file, so a moment), then themselves. Render them only when they have something to show, so an
// ordinary thread never loads them.

/** The council's views, one chunk: a turn's header, a folded review, a synthesis with its ledger, a dispute round. */
export const councilViews = lazyModule('the council views', () => import('./councilViews'));
export const PlanHeader = lazyView(councilViews, (m) => m.PlanHeader);
export const PositionsContent = lazyView(councilViews, (m) => m.PositionsContent);
export const ReviewBubble = lazyView(councilViews, (m) => m.ReviewBubble);
export const SynthesisContent = lazyView(councilViews, (m) => m.SynthesisContent);

/** Shown while a save failed or a thread file cannot be read. */
export const StorageBanner = lazyView(
  lazyModule('the storage banner', () => import('./StorageBanner')),
  (m) => m.StorageBanner,
);

/** The Terms-of-Service notice's whole text: on first run, until dismissed, and when its line is opened. */
export const termsNotice = lazyModule('the terms notice', () => import('./TermsNotice'));
