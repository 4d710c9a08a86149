import { webview } from '../../../budgets.ts';
import { buildWebview } from '../size/buildWebview.ts';
import { loadedFiles, type Size, sizeOf } from '../size/chunkGraph.ts';

/** The files loaded by a moment of the budgets table, and their size. */
export interface MomentJs extends Size {
  readonly files: readonly string[];
}

/** What a fresh build loads by the first transcript (the budgets table's moment), and its size. */
export async function buildFirstTranscript(): Promise<MomentJs> {
  const { files, manifest } = await buildWebview();
  const moment = webview.moments['first transcript'];
  if (!moment) throw new Error("budgets.ts has no webview moment 'first transcript'");
  const loaded = loadedFiles(manifest, webview.entry, moment.loads);
  return { files: loaded, ...sizeOf(loaded, (name) => files.get(name)) };
}
