import { describe, expect, test } from 'vitest';
import { isIpLiteral, isLoopbackAddress } from './loopback';

describe('isLoopbackAddress', () => {
  test.each([
    '127.0.0.1',
    '127.255.255.254',
    '127.1.2.3',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '[::ffff:7f00:1]',
    '::FFFF:7F01:0203',
  ])('%s is loopback', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  test.each([
    '128.0.0.1',
    '126.255.255.255',
    '10.0.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '::',
    '::2',
    '1::1',
    '::ffff:10.0.0.1',
    '::ffff:8000:1',
    '127.0.0.256',
    '127.0.0',
    'fe80::1%lo',
    'localhost',
    '127.0.0.1.nip.io',
    '',
    ':::1',
    '1:2:3:4:5:6:7:8:9',
  ])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe('isIpLiteral', () => {
  test.each([
    ['127.0.0.1', true],
    ['[::1]', true],
    ['[::ffff:7f00:1]', true],
    ['localhost', false],
    ['127.0.0.1.nip.io', false],
    ['proxy.internal', false],
  ])('%s -> %s', (hostname, literal) => {
    expect(isIpLiteral(hostname)).toBe(literal);
  });
});
