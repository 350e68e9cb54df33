import { describe, expect, it } from 'vitest';
import { pathFor } from '../../../shared/domain/route-table';
import { TEXT_EVENTS, type MessagePayload } from '../../outbox/events';
import en from './locales/en.json';
import vi from './locales/vi.json';
import { placeholdersOf, renderMessage } from './templates';

const shape = (texts: Record<string, Record<string, string>>) =>
  Object.fromEntries(
    Object.entries(texts).map(([event, keys]) => [
      event,
      Object.fromEntries(Object.entries(keys).map(([key, text]) => [key, placeholdersOf(text)])),
    ]),
  );

const payload: MessagePayload = {
  code: 'VVAB12CD',
  path: pathFor('ticket-detail', 'vi', { code: 'VVAB12CD', phone: '0912345678' }),
  name: 'Nguyễn Văn An',
  route: 'Sân bay Nội Bài → Hoàn Kiếm',
  depart: '14:00 27/11/2026',
  total: 1250000,
  amount: 1250000,
  member_returned: 50000,
  cancelled_at: '2026-11-25T03:05:00.000Z',
  driver_name: 'Trần Văn Bình',
  driver_phone: '0987654321',
  plate: '30A-123.45',
  car: 'Toyota Vios',
};

describe('message locale files', () => {
  it('have the same events, keys and placeholders in vi and en', () => {
    expect(shape(en)).toEqual(shape(vi));
  });

  it('have an SMS, a mail subject and a mail body for every event sent by text', () => {
    for (const texts of [vi, en] as Record<string, Record<string, string>>[]) {
      expect(Object.keys(texts).sort()).toEqual([...TEXT_EVENTS].sort());
      for (const event of TEXT_EVENTS) {
        for (const key of ['sms', 'mail_subject', 'mail_body']) expect(texts[event]?.[key], `${event}.${key}`).toBeTruthy();
      }
    }
  });

  it('fill every placeholder they use', () => {
    for (const lang of ['vi', 'en']) {
      for (const event of TEXT_EVENTS) {
        for (const channel of ['sms', 'mail'] as const) {
          const message = renderMessage(event, channel, lang, payload, 'https://vivu.vn');
          expect(JSON.stringify(message), `${lang} ${event} ${channel}`).not.toMatch(/\{\{|\}\}/);
        }
      }
    }
  });
});

describe('renderMessage', () => {
  it('formats money as VND and times in Vietnam time, with the ticket link on the public origin', () => {
    const sms = renderMessage('booking_received', 'sms', 'vi', payload, 'https://vivu.vn');
    expect(sms).toEqual({
      channel: 'sms',
      text: `Vivu: đã nhận đặt xe, mã vé VVAB12CD. Đón 14:00 27/11/2026, Sân bay Nội Bài → Hoàn Kiếm. Tổng 1.250.000đ. Xem vé: https://vivu.vn${payload.path}`,
    });
    const mail = renderMessage('cancelled', 'mail', 'en', payload, 'https://vivu.vn');
    if (mail.channel !== 'mail') throw new Error('not a mail');
    expect(mail.subject).toBe('Ticket VVAB12CD cancelled');
    // 03:05 UTC is 10:05 in Vietnam.
    expect(mail.text).toContain('was cancelled at 10:05 25/11/2026.');
    expect(mail.text).toContain('50.000đ was returned to your member balance.');
  });

  it('leaves out an optional line without a blank line in its place, and links on the origin it is given', () => {
    const mail = renderMessage('cancelled', 'mail', 'vi', { ...payload, member_returned: 0 }, 'http://localhost:8080');
    if (mail.channel !== 'mail') throw new Error('not a mail');
    expect(mail.text).not.toContain('số dư thành viên');
    expect(mail.text).not.toMatch(/\n\n\n/);
    // An unknown language reads as Vietnamese.
    expect(renderMessage('payment_received', 'sms', 'xx', payload, 'http://localhost:8080')).toEqual({
      channel: 'sms',
      text: `Vivu: đã nhận thanh toán 1.250.000đ cho vé VVAB12CD. Xem vé: http://localhost:8080${payload.path}`,
    });
  });

  it('gives the driver’s phone in national format in both languages', () => {
    for (const lang of ['vi', 'en']) {
      const stored = { ...payload, driver_phone: '84987654321' };
      const sms = renderMessage('driver_assigned', 'sms', lang, stored, 'https://vivu.vn');
      if (sms.channel !== 'sms') throw new Error('not an SMS');
      expect(sms.text, lang).toContain('0987 654 321');
      expect(sms.text, lang).not.toContain('84987654321');
    }
  });
});
