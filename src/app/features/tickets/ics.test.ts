import { describe, expect, it } from 'vitest';
import { buildTicketIcs, escapeText, eventTimes, foldLine, icsFileName, type IcsTicket } from './ics';

const octets = (text: string) => new TextEncoder().encode(text).length;

const ride: IcsTicket = {
  code: 'VVAB12CD',
  kind: 'ride',
  pick_address: 'Sân bay Nội Bài, Phú Minh, Sóc Sơn, Hà Nội',
  drop_address: 'Hoàn Kiếm, Hà Nội',
  depart_time: '08:30 5/1/2027',
  duration: null,
};
const options = {
  url: 'https://vivu.example/chi-tiet-ma-ve/VVAB12CD/0912000001',
  description: 'Vé VVAB12CD',
  reminder: 'Xe đón sau 1 giờ',
  now: new Date(Date.UTC(2026, 10, 23, 14, 5, 9)),
};

/** The unfolded content lines of an iCalendar text. */
const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});

describe('foldLine', () => {
  it('leaves a short line alone', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('folds a long Vietnamese address at 75 octets without splitting a character', () => {
    const address = 'Số 1 Đường Trường Sơn, Phường Tân Sơn Nhất, Quận Tân Bình, Thành phố Hồ Chí Minh, Việt Nam';
    const line = `LOCATION:${escapeText(address)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    parts.slice(1).forEach((part) => expect(part.startsWith(' ')).toBe(true));
    // No part ends or starts inside a character: each decodes back to itself, and unfolding gives the line back.
    for (const part of parts) expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(part))).toBe(part);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    // The first line is filled as far as the next character allows.
    const first = parts[0] ?? '';
    const next = [...line.slice(first.length)][0] ?? '';
    expect(octets(first) + octets(next)).toBeGreaterThan(75);
  });
});

describe('eventTimes', () => {
  it('reads the departure as Vietnam time (UTC+7) and gives a ride 1 hour', () => {
    const times = eventTimes(ride);
    expect(times?.start.toISOString()).toBe('2027-01-05T01:30:00.000Z');
    expect(times?.end.toISOString()).toBe('2027-01-05T02:30:00.000Z');
  });

  it('gives an hourly hire its hours', () => {
    const times = eventTimes({ kind: 'hourly', depart_time: '23:00 31/12/2026', duration: 4 });
    expect(times?.start.toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(times?.end.toISOString()).toBe('2026-12-31T20:00:00.000Z');
  });

  it('is null for a time it cannot read', () => {
    expect(eventTimes({ ...ride, depart_time: 'soon' })).toBeNull();
  });
});

describe('buildTicketIcs', () => {
  const text = buildTicketIcs(ride, options) ?? '';
  const lines = unfold(text);

  it('is a VCALENDAR with one VEVENT and a reminder, in CRLF lines', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.indexOf('BEGIN:VALARM')).toBeGreaterThan(lines.indexOf('BEGIN:VEVENT'));
    expect(lines).toContain('TRIGGER:-PT1H');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it('has the code as UID and the times in UTC', () => {
    expect(lines).toContain('UID:VVAB12CD@vivu');
    expect(lines).toContain('DTSTAMP:20261123T140509Z');
    expect(lines).toContain('DTSTART:20270105T013000Z');
    expect(lines).toContain('DTEND:20270105T023000Z');
  });

  it('names the trip, the pickup place and the link, escaped', () => {
    expect(lines).toContain('SUMMARY:Vivu VVAB12CD: Sân bay Nội Bài\\, Phú Minh\\, Sóc Sơn\\, Hà Nội → Hoàn Kiếm\\, Hà Nội');
    expect(lines).toContain('LOCATION:Sân bay Nội Bài\\, Phú Minh\\, Sóc Sơn\\, Hà Nội');
    expect(lines).toContain(`DESCRIPTION:Vé VVAB12CD\\n${options.url}`);
    expect(lines).toContain(`URL:${options.url}`);
    expect(lines).toContain('DESCRIPTION:Xe đón sau 1 giờ');
  });

  it('names only the pickup without a drop-off, and is null without a readable time', () => {
    const hourly = unfold(buildTicketIcs({ ...ride, kind: 'hourly', drop_address: '', duration: 3 }, options) ?? '');
    expect(hourly).toContain('SUMMARY:Vivu VVAB12CD: Sân bay Nội Bài\\, Phú Minh\\, Sóc Sơn\\, Hà Nội');
    expect(hourly).toContain('DTEND:20270105T043000Z');
    expect(buildTicketIcs({ ...ride, depart_time: '' }, options)).toBeNull();
  });

  it('is downloaded as vivu-<code>.ics', () => {
    expect(icsFileName('VVAB12CD')).toBe('vivu-VVAB12CD.ics');
  });
});
