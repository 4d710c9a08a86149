import { afterAll, beforeAll, describe } from 'vitest';
import { realModelPython } from './realModelInstall';
import { REQUIRE_REAL_MODEL, type RealModel, type RealModelOptions, startRealModel } from './realModelServer';

/**
 * Declares a suite that runs against the real model server, started once for the suite on a free port and stopped
 * after it. Without the model installed it is skipped with a title that says how to get it, unless
 * `ROUNDTABLE_REQUIRE_REAL_MODEL=1` (CI), which turns the skip into a failure.
 */
export function describeRealModel(
  title: string,
  body: (model: () => RealModel) => void,
  options: RealModelOptions = {},
): void {
  const found = realModelPython();
  const skip = !found.ok && !REQUIRE_REAL_MODEL;
  const suffix = found.ok
    ? ''
    : skip
      ? ` (skipped: ${found.reason})`
      : ' (required by ROUNDTABLE_REQUIRE_REAL_MODEL, but not installed)';
  (skip ? describe.skip : describe)(`${title} [llama.cpp]${suffix}`, () => {
    let model: RealModel | undefined;
    beforeAll(async () => {
      model = await startRealModel(options);
    }, 90_000);
    afterAll(async () => {
      await model?.close();
    });
    body(() => {
      if (!model) throw new Error('the real model server did not start');
      return model;
    });
  });
}
