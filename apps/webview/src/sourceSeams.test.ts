// @vitest-environment node
import { describeSourceSeams } from '@roundtable/testkit/seams';

// No import cycle in src/ (lazy imports counted) and no import of the test kit: see describeSourceSeams.
describeSourceSeams(new URL('..', import.meta.url));
