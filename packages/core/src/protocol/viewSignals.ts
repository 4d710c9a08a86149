import * as v from 'valibot';
import { aMessage, empty, protocolVersion } from './common';

/**
 * The page's two signals, `view/ready` and `view/resync`, on their own: what a window's first state answers, checked
 * without the schemas of every intent (`WebviewToHost`), which load with the code that carries intents out.
 */
export const ViewSignal = aMessage(
  v.strictObject({ v: protocolVersion, type: v.picklist(['view/ready', 'view/resync']), payload: empty }),
);
