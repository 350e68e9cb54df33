// The service worker's push helpers: which payloads show a notification, which urls a click may open, and which
// window it uses.
import { describe, expect, it } from 'vitest';
import { chooseClient, notificationData, notificationOptions, parsePushPayload, sameOriginUrl } from './push';

const ORIGIN = 'https://vivu.example';
const valid = {
  type: 'driver_assigned',
  ticket_code: 'VV123456',
  title: 'Tài xế đã được phân công',
  body: 'Xem thông tin tài xế của vé VV123456.',
  url: '/chi-tiet-ma-ve/VV123456/0912345678',
  lang: 'vi',
};

describe('sameOriginUrl', () => {
  it('resolves a path of the origin', () => {
    expect(sameOriginUrl('/en/ticket/VV1/0912345678', ORIGIN)).toBe(`${ORIGIN}/en/ticket/VV1/0912345678`);
  });

  it.each([
    'https://evil.example/chi-tiet-ma-ve/VV1/1',
    `${ORIGIN}/chi-tiet-ma-ve/VV1/1`,
    '//evil.example/x',
    '/\\evil.example/x',
    'javascript:alert(1)',
    'chi-tiet-ma-ve/VV1/1',
    '',
    42,
  ])('refuses %s', (url) => {
    expect(sameOriginUrl(url, ORIGIN)).toBeNull();
  });
});

describe('parsePushPayload', () => {
  it('accepts the contract payload and makes its url absolute', () => {
    expect(parsePushPayload(JSON.stringify(valid), ORIGIN)).toEqual({ ...valid, url: `${ORIGIN}${valid.url}` });
  });

  it('accepts the server’s absolute address of a page on this origin', () => {
    const url = `${ORIGIN}${valid.url}`;
    expect(parsePushPayload(JSON.stringify({ ...valid, url }), ORIGIN)).toEqual({ ...valid, url });
  });

  it('drops unknown fields', () => {
    expect(parsePushPayload(JSON.stringify({ ...valid, extra: 'x' }), ORIGIN)).not.toHaveProperty('extra');
  });

  it.each([
    ['no data', null],
    ['not JSON', 'hello'],
    ['JSON that is not an object', '"text"'],
    ['an unknown event', JSON.stringify({ ...valid, type: 'lottery_won' })],
    ['no title', JSON.stringify({ ...valid, title: undefined })],
    ['an unknown language', JSON.stringify({ ...valid, lang: 'fr' })],
    ['another site', JSON.stringify({ ...valid, url: 'https://evil.example/' })],
    ['a protocol-relative url', JSON.stringify({ ...valid, url: '//evil.example/' })],
    ['an absolute url whose path leads elsewhere', JSON.stringify({ ...valid, url: `${ORIGIN}//evil.example/` })],
  ])('refuses %s', (_name, text) => {
    expect(parsePushPayload(text, ORIGIN)).toBeNull();
  });
});

describe('notificationOptions', () => {
  it('tags by ticket and keeps what the click needs', () => {
    const payload = parsePushPayload(JSON.stringify({ ...valid, lang: 'en', url: '/en/ticket/VV123456/0912345678' }), ORIGIN);
    expect(payload).not.toBeNull();
    const options = notificationOptions(payload!);
    expect(options).toMatchObject({
      body: valid.body,
      tag: 'ticket-VV123456',
      lang: 'en',
      data: { url: `${ORIGIN}/en/ticket/VV123456/0912345678`, ticket_code: 'VV123456' },
    });
    expect(options.icon).toMatch(/^\/icons\//);
  });
});

describe('notificationData', () => {
  it('reads our own data back', () => {
    const data = { url: `${ORIGIN}/chi-tiet-ma-ve/VV1/0912345678`, ticket_code: 'VV1' };
    expect(notificationData(data, ORIGIN)).toEqual(data);
  });

  it.each([null, 'x', { url: 'https://evil.example/', ticket_code: 'VV1' }, { url: `${ORIGIN}/x` }])('refuses %j', (data) => {
    expect(notificationData(data, ORIGIN)).toBeNull();
  });
});

describe('chooseClient', () => {
  const ticket = `${ORIGIN}/chi-tiet-ma-ve/VV1/0912345678`;

  it('focuses a window already on the ticket', () => {
    const windows = [{ url: `${ORIGIN}/`, focused: true }, { url: ticket }];
    expect(chooseClient(windows, ticket)).toEqual({ action: 'focus', client: windows[1] });
  });

  it('matches an encoded path and ignores the hash', () => {
    const windows = [{ url: `${ORIGIN}/chi-ti%65t-ma-ve/VV1/0912345678#top` }];
    expect(chooseClient(windows, ticket).action).toBe('focus');
  });

  it('navigates the focused window of the app, else the first', () => {
    const windows = [{ url: `${ORIGIN}/` }, { url: `${ORIGIN}/en`, focused: true }];
    expect(chooseClient(windows, ticket)).toEqual({ action: 'navigate', client: windows[1] });
    expect(chooseClient([{ url: `${ORIGIN}/` }], ticket)).toEqual({ action: 'navigate', client: { url: `${ORIGIN}/` } });
  });

  it('opens a window when none is open', () => {
    expect(chooseClient([], ticket)).toEqual({ action: 'open' });
  });
});
