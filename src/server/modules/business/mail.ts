// The business partner's login e-mail (spec 1: "a login by e-mail within 15 minutes"): sent at once, in the
// registration's language, through the mail adapter (SMTP when configured, else the outbox). A second
// registration with the same e-mail gets a notice instead of a new password.
const HOTLINE = '1900 6022';

export function businessLoginMail(input: {
  lang: string;
  contactName: string;
  companyName: string;
  email: string;
  password: string;
}) {
  const en = input.lang === 'en';
  const lines = en
    ? [
        `Hello ${input.contactName},`,
        '',
        `${input.companyName} is now a Vivu business partner: you can book rides on credit and top up your credit.`,
        `Login: ${input.email}`,
        `Password: ${input.password}`,
        '',
        'Please keep this password private. Questions? Call our hotline ' + HOTLINE + '.',
        '',
        'Vivu',
      ]
    : [
        `Xin chào ${input.contactName},`,
        '',
        `${input.companyName} đã trở thành đối tác kinh doanh của Vivu: bạn có thể đặt xe bằng hạn mức tín dụng và nạp thêm tín dụng.`,
        `Tên đăng nhập: ${input.email}`,
        `Mật khẩu: ${input.password}`,
        '',
        'Vui lòng giữ kín mật khẩu này. Cần hỗ trợ, hãy gọi tổng đài ' + HOTLINE + '.',
        '',
        'Vivu',
      ];
  return {
    subject: en ? 'Your Vivu business partner login' : 'Thông tin đăng nhập đối tác kinh doanh Vivu',
    text: lines.join('\n'),
  };
}

export function businessExistsMail(input: { lang: string; contactName: string; email: string }) {
  const en = input.lang === 'en';
  return en
    ? {
        subject: 'Your Vivu business partner account',
        text: [
          `Hello ${input.contactName},`,
          '',
          `A business partner account already exists for ${input.email}; no new password was made.`,
          `If you have lost the password, call our hotline ${HOTLINE}.`,
          '',
          'Vivu',
        ].join('\n'),
      }
    : {
        subject: 'Tài khoản đối tác kinh doanh Vivu',
        text: [
          `Xin chào ${input.contactName},`,
          '',
          `Địa chỉ ${input.email} đã có tài khoản đối tác kinh doanh; chúng tôi không tạo mật khẩu mới.`,
          `Nếu bạn quên mật khẩu, vui lòng gọi tổng đài ${HOTLINE}.`,
          '',
          'Vivu',
        ].join('\n'),
      };
}
