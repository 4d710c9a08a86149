import { FakeClock } from '@roundtable/core/testing';
import { describe, expect, it } from 'vitest';
import { gateNotices, MAX_NOTICE_CHARS, MAX_NOTICES, NOTICE_WINDOW_MS } from './noticeGate';
import { LOG_WINDOW_MS, MAX_LOG_LINE_CHARS, MAX_LOG_LINES, OutputChannelLogger } from './OutputChannelLogger';

function channel() {
  const lines: string[] = [];
  const at = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  return { lines, channel: { trace: at('trace'), info: at('info'), warn: at('warn'), error: at('error') } };
}

describe('the log', () => {
  it('cuts a huge line to the bound, saying how much was left out', () => {
    const { lines, channel: c } = channel();
    new OutputChannelLogger(c, new FakeClock()).warn('x'.repeat(10_000_000));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.length).toBeLessThan(MAX_LOG_LINE_CHARS + 60);
    expect(lines[0]).toContain('more characters)');
  });

  it('drops a burst past the bound and says how many once it lets lines through again', () => {
    const clock = new FakeClock();
    const { lines, channel: c } = channel();
    const logger = new OutputChannelLogger(c, clock);
    for (let i = 0; i < 10_000; i++) logger.warn(`refused ${i}`);
    expect(lines).toHaveLength(MAX_LOG_LINES);
    clock.advance(LOG_WINDOW_MS);
    logger.info('calm again');
    expect(lines.slice(-2)).toEqual([
      `warn ${10_000 - MAX_LOG_LINES} log line(s) were dropped: too many at once.`,
      'info calm again',
    ]);
  });

  it('a flood of warnings never hides an error', () => {
    const { lines, channel: c } = channel();
    const logger = new OutputChannelLogger(c, new FakeClock());
    for (let i = 0; i < 1_000; i++) logger.warn('noise');
    logger.error('the one that matters');
    expect(lines.at(-1)).toBe('error the one that matters');
  });
});

describe('notices', () => {
  it('shows a text once in its window, at most a few in a burst, each cut to the bound', () => {
    const clock = new FakeClock();
    const shown: string[] = [];
    const notice = gateNotices<'warning'>((text) => shown.push(text), clock);
    for (let i = 0; i < 10_000; i++) notice('Roundtable does not open javascript: links.', 'warning');
    expect(shown).toEqual(['Roundtable does not open javascript: links.']);
    for (let i = 0; i < 10_000; i++) notice(`refused ${i}`, 'warning');
    expect(shown).toHaveLength(MAX_NOTICES);
    clock.advance(NOTICE_WINDOW_MS);
    expect(notice('Roundtable does not open javascript: links.', 'warning')).toBe(true);
    expect(notice('y'.repeat(100_000), 'warning')).toBe(true);
    expect(shown.at(-1)?.length).toBeLessThan(MAX_NOTICE_CHARS + 60);
  });
});
