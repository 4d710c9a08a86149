import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { classifyLogFile, DURING_SHUTDOWN, parseErrorEntries, readLogErrors } from './logFiles';

const ID = 'roundtable.roundtable';

describe('classifyLogFile', () => {
  test.each([
    { file: '20261130T121652/remoteagent.log', expected: 'server-log' },
    { file: '20261130T121652/exthost1/remoteexthost.log', expected: 'exthost-log' },
    { file: '20261130T121652/exthost12/remoteexthost.log', expected: 'exthost-log' },
    { file: '20261130T121652/exthost2/roundtable.roundtable/Roundtable.log', expected: 'extension-log' },
    { file: '20261130T121652/exthost1/vscode.git/Git.log', expected: undefined },
    { file: '20261130T121652/exthost1/remoteExtHostTelemetry.log', expected: undefined },
    { file: '20261130T121651/remoteCLI.log', expected: undefined },
  ])('$file → $expected', ({ file, expected }) => {
    expect(classifyLogFile(file.split('/').join(path.sep), ID)).toBe(expected);
  });
});

describe('parseErrorEntries', () => {
  test('keeps error entries with their stack lines and drops the rest', () => {
    const log = [
      '2026-11-30 12:16:57.465 [info] probe activated',
      '2026-11-30 12:16:57.466 [error] Boom',
      '    at a (x.js:1:1)',
      '    at b (x.js:2:2)',
      '2026-11-30 12:16:57.467 [warning] careful',
      '    with a second line',
      '2026-11-30 12:16:57.468 [error] Second',
      '',
    ].join('\n');
    expect(parseErrorEntries(log)).toEqual([
      '2026-11-30 12:16:57.466 [error] Boom\n    at a (x.js:1:1)\n    at b (x.js:2:2)',
      '2026-11-30 12:16:57.468 [error] Second',
    ]);
  });

  test('marks errors logged after the extension host was told to terminate', () => {
    const log = [
      '2026-11-30 12:40:08.332 [error] before',
      '2026-11-30 12:40:08.521 [info] Extension host terminating: received terminate message from renderer',
      '2026-11-30 12:40:08.569 [error] Error: read ECONNRESET',
      '\tat TCP.onStreamRead (node:internal/stream_base_commons:221:20)',
    ].join('\n');
    expect(parseErrorEntries(log)).toEqual([
      '2026-11-30 12:40:08.332 [error] before',
      `2026-11-30 12:40:08.569 [error] Error: read ECONNRESET\n\tat TCP.onStreamRead (node:internal/stream_base_commons:221:20)\n${DURING_SHUTDOWN}`,
    ]);
  });

  test('cuts long stacks', () => {
    const log = ['2026-11-30 12:16:57.466 [error] Deep', ...Array.from({ length: 20 }, (_, i) => `  at f${i}`)];
    expect(parseErrorEntries(log.join('\n'), 3)).toEqual(['2026-11-30 12:16:57.466 [error] Deep\n  at f0\n  at f1']);
  });
});

describe('readLogErrors', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('reads errors from the files that matter, labelled with their source and file', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rt-logs-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    };
    write('20261130T1/exthost1/remoteexthost.log', '2026-11-30 12:00:00.000 [error] Activating extension failed\n');
    write(`20261130T1/exthost2/${ID}/Roundtable.log`, '2026-11-30 12:00:01.000 [error] turn failed\n');
    write('20261130T1/exthost1/vscode.git/Git.log', '2026-11-30 12:00:02.000 [error] not ours\n');
    expect(readLogErrors(dir, ID)).toEqual([
      {
        source: 'exthost-log',
        text: '2026-11-30 12:00:00.000 [error] Activating extension failed',
        where: `logs/${path.join('20261130T1', 'exthost1', 'remoteexthost.log')}`,
      },
      {
        source: 'extension-log',
        text: '2026-11-30 12:00:01.000 [error] turn failed',
        where: `logs/${path.join('20261130T1', 'exthost2', ID, 'Roundtable.log')}`,
      },
    ]);
  });

  test('a missing logs folder means no errors yet', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rt-logs-'));
    expect(readLogErrors(path.join(dir, 'absent'), ID)).toEqual([]);
  });
});
