import { councilCode } from '../council/councilCode';
import { type TurnCode, turnCodeWith } from './turnCodeWith';

export type { TurnCode } from './turnCodeWith';

/** The turns' code with the council's at hand: what tests, benchmarks and tools pass as `() => turnCode`. */
export const turnCode: TurnCode = turnCodeWith(() => councilCode);
