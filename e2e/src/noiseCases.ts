import type { CollectedError } from './noise';

// What the tables of codeServerNoise's cases share: the workbench's URL in the texts, and the shape of a case.

export const base = 'http://127.0.0.1:40000/stable-53c2f3253bcf32886706fc023e794bbeb253c90f';

export interface NoiseCase {
  name: string;
  error: CollectedError;
  noise: boolean;
}
