// What a transport partner's joining tells people, in the application's (or the owner's chosen) language: the owner's
// and a new member's one-time set-password link (SMS and e-mail), and a refused application's reason. The links are
// absolute (a phone cannot open a bare path) on the site's origin, the secret in the fragment (never sent to a server
// or a referrer).
import { PASSWORD_LINK_HOURS } from '../../../shared/contract/partner-join';
import { pathFor, type Lang } from '../../../shared/domain/route-table';

const HOTLINE = '1900 6022';

export function setPasswordLink(origin: string, lang: Lang, token: string): string {
  return `${new URL(pathFor('partner-set-password', lang), origin).toString()}#token=${token}`;
}

export function approvedTexts(input: { lang: Lang; company: string; name: string; link: string }) {
  const en = input.lang === 'en';
  const sms = en
    ? `Vivu: ${input.company} is now a Vivu transport partner. Set your console password within ${PASSWORD_LINK_HOURS} h (the link works once): ${input.link}`
    : `Vivu: ${input.company} đã là đối tác vận chuyển của Vivu. Đặt mật khẩu bảng điều khiển trong ${PASSWORD_LINK_HOURS} giờ (liên kết dùng một lần): ${input.link}`;
  const mail = en
    ? {
        subject: 'Welcome to Vivu: set your partner console password',
        text: [
          `Hello ${input.name},`,
          '',
          `${input.company} is now a Vivu transport partner.`,
          `Set the password of your partner console (your login is your phone) within ${PASSWORD_LINK_HOURS} hours; the link works once:`,
          input.link,
          '',
          `Link expired? Call our hotline ${HOTLINE} for a new one.`,
          '',
          'Vivu',
        ].join('\n'),
      }
    : {
        subject: 'Chào mừng đến với Vivu: đặt mật khẩu bảng điều khiển đối tác',
        text: [
          `Xin chào ${input.name},`,
          '',
          `${input.company} đã trở thành đối tác vận chuyển của Vivu.`,
          `Hãy đặt mật khẩu bảng điều khiển đối tác (tên đăng nhập là số điện thoại của bạn) trong ${PASSWORD_LINK_HOURS} giờ; liên kết chỉ dùng được một lần:`,
          input.link,
          '',
          `Liên kết hết hạn? Hãy gọi tổng đài ${HOTLINE} để nhận liên kết mới.`,
          '',
          'Vivu',
        ].join('\n'),
      };
  return { sms, mail };
}

export function refusedTexts(input: { lang: Lang; company: string; name: string; reason: string }) {
  const en = input.lang === 'en';
  const sms = en
    ? `Vivu: we cannot accept ${input.company} as a transport partner for now. Reason: ${input.reason}. Questions: ${HOTLINE}`
    : `Vivu: hiện chúng tôi chưa thể nhận ${input.company} làm đối tác vận chuyển. Lý do: ${input.reason}. Hỗ trợ: ${HOTLINE}`;
  const mail = en
    ? {
        subject: 'Your Vivu transport partner application',
        text: [
          `Hello ${input.name},`,
          '',
          `Thank you for applying. We cannot accept ${input.company} as a Vivu transport partner for now.`,
          `Reason: ${input.reason}`,
          '',
          `You are welcome to apply again once this is resolved. Questions? Call our hotline ${HOTLINE}.`,
          '',
          'Vivu',
        ].join('\n'),
      }
    : {
        subject: 'Đơn đăng ký đối tác vận chuyển Vivu',
        text: [
          `Xin chào ${input.name},`,
          '',
          `Cảm ơn bạn đã đăng ký. Hiện chúng tôi chưa thể nhận ${input.company} làm đối tác vận chuyển của Vivu.`,
          `Lý do: ${input.reason}`,
          '',
          `Bạn có thể đăng ký lại khi đã khắc phục. Cần hỗ trợ, hãy gọi tổng đài ${HOTLINE}.`,
          '',
          'Vivu',
        ].join('\n'),
      };
  return { sms, mail };
}

/** A member the owner added: the set-password link by SMS, in the owner's console language. */
export function staffSetPasswordSms(input: { lang: Lang; company: string; role: string; origin: string; token: string }) {
  const link = setPasswordLink(input.origin, input.lang, input.token);
  const roleVi: Record<string, string> = { owner: 'chủ nhà xe', dispatcher: 'điều phối', accountant: 'kế toán' };
  return input.lang === 'en'
    ? `Vivu: ${input.company} added you to its partner console (${input.role}). Set your password within ${PASSWORD_LINK_HOURS} h (the link works once): ${link}`
    : `Vivu: ${input.company} đã thêm bạn vào bảng điều khiển đối tác (${roleVi[input.role] ?? input.role}). Đặt mật khẩu trong ${PASSWORD_LINK_HOURS} giờ (liên kết dùng một lần): ${link}`;
}
