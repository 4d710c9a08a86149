// Turns Stryker JSON reports (one or several, e.g. one per group of files) into the Markdown summary committed next
// to them: the score per file, then every surviving or uncovered mutant with where it is and what it changed, for
// the next person to kill or explain.
import { readFileSync } from 'node:fs';

const paths = process.argv.slice(2);
const report = { files: {} };
for (const path of paths.length > 0 ? paths : ['mutation/report.json']) {
  Object.assign(report.files, JSON.parse(readFileSync(path, 'utf8')).files);
}
const detected = new Set(['Killed', 'Timeout']);
const counted = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);
const rows = [];
const survivors = [];
let killed = 0;
let total = 0;
for (const [file, { mutants, source }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const lines = source.split('\n');
  const considered = mutants.filter((m) => counted.has(m.status));
  const dead = considered.filter((m) => detected.has(m.status)).length;
  killed += dead;
  total += considered.length;
  rows.push(`| ${file} | ${considered.length} | ${dead} | ${percent(dead, considered.length)} |`);
  for (const m of considered.filter((x) => !detected.has(x.status))) {
    const line = lines[m.location.start.line - 1]?.trim() ?? '';
    survivors.push(
      `- \`${file}:${m.location.start.line}\` ${m.status === 'NoCoverage' ? 'no test covers' : 'survived'} ${m.mutatorName}: \`${clip(line)}\` → \`${clip(m.replacement ?? '')}\``,
    );
  }
}
console.log(`# Mutation testing: ${percent(killed, total)} (${killed} of ${total} mutants detected)\n`);
console.log(
  'Produced by `pnpm mutate` (Stryker). Surviving mutants that no test can kill (equivalent ones) are explained in `equivalent.md` next to this file.\n',
);
console.log('| file | mutants | detected | score |\n| --- | --- | --- | --- |');
console.log(rows.join('\n'));
console.log(`\n## Not detected (${survivors.length})\n`);
console.log(survivors.join('\n') || 'None.');

function percent(part, whole) {
  return whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} %`;
}
function clip(text) {
  const one = text.replace(/\s+/g, ' ').replaceAll('`', "'");
  return one.length > 100 ? `${one.slice(0, 99)}…` : one;
}
