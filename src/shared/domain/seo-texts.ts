// The title and description of every route in both languages: what the server writes into the HTML
// shell and what the app sets after a navigation. Pages with content of their own (a blog post, a news item, a static
// page, a landing page) use the content's title and summary instead and these texts only while it loads. Titles are
// written without the brand (pageTitle() in seo.ts adds " – Vivu"); descriptions stay under 160 characters.
import { LANGS, pathFor, type Lang, type RouteName, type RouteParams } from './route-table';
import { PRIVATE_ROUTES, SEARCH_ROUTES, type PageMeta } from './seo';

export interface SeoText {
  title: string;
  description: string;
}

type Texts = Record<RouteName, Record<Lang, SeoText>>;

export const SEO_TEXTS: Texts = {
  home: {
    vi: {
      title: 'Vivu – Đặt xe sân bay, đường dài, thuê xe theo giờ',
      description:
        'Đặt xe đưa đón sân bay, xe đường dài liên tỉnh và thuê xe có tài xế theo giờ trên khắp Việt Nam. So sánh giá, đi riêng hoặc đi ghép.',
    },
    en: {
      title: 'Vivu – Airport transfers, long-distance rides and hourly car hire in Vietnam',
      description:
        'Book airport transfers, long-distance rides between provinces and hourly car hire with a driver across Vietnam. Compare prices, ride private or shared.',
    },
  },
  account: {
    vi: {
      title: 'Tài khoản của tôi',
      description: 'Thông tin tài khoản, mã giới thiệu, số dư và lịch sử đặt xe của bạn tại Vivu.',
    },
    en: { title: 'My account', description: 'Your Vivu account: profile, referral code, balance and booking history.' },
  },
  'ticket-manage': {
    vi: { title: 'Quản lý mã vé', description: 'Xem và quản lý các chuyến xe bạn đã đặt với Vivu.' },
    en: { title: 'Manage tickets', description: 'See and manage the rides you booked with Vivu.' },
  },
  'price-list': {
    vi: {
      title: 'Bảng giá xe',
      description: 'So sánh giá xe sân bay và xe đường dài của các nhà xe, chọn đi riêng hoặc đi ghép và đặt ngay.',
    },
    en: {
      title: 'Ride prices',
      description: 'Compare airport and long-distance ride prices from transport companies, ride private or shared, and book.',
    },
  },
  'hourly-booking-price': {
    vi: {
      title: 'Bảng giá thuê xe theo giờ',
      description: 'Giá thuê xe có tài xế theo giờ hoặc theo ngày: số km bao gồm, phụ phí mỗi giờ và mỗi km được ghi rõ.',
    },
    en: {
      title: 'Hourly car hire prices',
      description: 'Prices for a car with a driver by the hour or the day, with the included kilometres and extra charges shown.',
    },
  },
  'billing-detail': {
    vi: { title: 'Thông tin khách hàng', description: 'Nhập thông tin liên hệ, chọn cách thanh toán và xác nhận chuyến xe.' },
    en: { title: 'Customer details', description: 'Enter your contact details, choose how to pay and confirm your ride.' },
  },
  'hourly-booking-info': {
    vi: { title: 'Thông tin đặt xe theo giờ', description: 'Nhập thông tin liên hệ và xác nhận chuyến thuê xe theo giờ.' },
    en: { title: 'Hourly booking details', description: 'Enter your contact details and confirm your hourly car hire.' },
  },
  'booking-success': {
    vi: { title: 'Đã nhận đặt xe', description: 'Chuyến xe của bạn đã được đặt: chi tiết và mã vé ở đây.' },
    en: { title: 'Booking received', description: 'Your ride is booked: the details and your ticket code are here.' },
  },
  'hourly-booking-success': {
    vi: { title: 'Đã nhận đặt xe theo giờ', description: 'Chuyến thuê xe theo giờ của bạn đã được đặt.' },
    en: { title: 'Hourly booking received', description: 'Your hourly car hire is booked.' },
  },
  'payment-result': {
    vi: { title: 'Kết quả thanh toán', description: 'Kết quả thanh toán vé của bạn và các cách tiếp tục.' },
    en: { title: 'Payment result', description: 'How the payment of your ticket went, and the ways on.' },
  },
  'ticket-detail': {
    vi: { title: 'Chi tiết vé', description: 'Chi tiết chuyến xe, tài xế và trạng thái vé của bạn.' },
    en: { title: 'Ticket details', description: 'Your ride, driver and ticket status.' },
  },
  blog: {
    vi: {
      title: 'Blog Vivu – Kinh nghiệm đi sân bay và du lịch',
      description: 'Mẹo đặt xe, kinh nghiệm ra sân bay, lịch trình du lịch bằng ô tô và cách đi chung xe tiết kiệm từ Vivu.',
    },
    en: {
      title: 'Vivu blog – Airport and travel tips',
      description: 'Booking tips, airport transfer guides, road-trip itineraries and how to save with shared rides, from Vivu.',
    },
  },
  'about-us': {
    vi: {
      title: 'Về chúng tôi',
      description: 'Vivu kết nối hành khách với các nhà xe uy tín cho chuyến sân bay, đường dài và thuê xe theo giờ.',
    },
    en: {
      title: 'About us',
      description: 'Vivu connects passengers with trusted transport companies for airport, long-distance and hourly rides.',
    },
  },
  contact: {
    vi: {
      title: 'Liên hệ Vivu',
      description: 'Gọi tổng đài 1900 6022, gửi e-mail hoặc để lại số điện thoại để Vivu gọi lại hỗ trợ đặt xe.',
    },
    en: {
      title: 'Contact Vivu',
      description: 'Call 1900 6022, write to us or leave your number and Vivu calls you back about your booking.',
    },
  },
  news: {
    vi: { title: 'Báo chí nói về Vivu', description: 'Tin tức, thông cáo báo chí và bài viết về Vivu trên các báo.' },
    en: { title: 'Vivu in the press', description: 'News, press releases and articles about Vivu.' },
  },
  jobs: {
    vi: { title: 'Tuyển dụng', description: 'Cơ hội việc làm tại Vivu: cùng chúng tôi làm chuyến đi của mọi người dễ dàng hơn.' },
    en: { title: 'Careers', description: 'Jobs at Vivu: help us make every trip in Vietnam easier.' },
  },
  'business-partners': {
    vi: {
      title: 'Đối tác kinh doanh',
      description: 'Giới thiệu khách đặt xe qua Vivu và nhận hoa hồng 20%, đặt xe công nợ cho khách của bạn.',
    },
    en: {
      title: 'Business partners',
      description: 'Refer passengers to Vivu and earn a 20% commission, and book rides on credit for your customers.',
    },
  },
  'transport-partners': {
    vi: {
      title: 'Đối tác vận chuyển',
      description: 'Nhà xe hợp tác với Vivu nhận thêm chuyến sân bay và đường dài, tăng doanh thu đến 20%.',
    },
    en: {
      title: 'Transport partners',
      description: 'Transport companies working with Vivu get more airport and long-distance trips and up to 20% more revenue.',
    },
  },
  'corporate-customer': {
    vi: {
      title: 'Khách hàng doanh nghiệp',
      description: 'Đặt xe cho nhân viên và khách của công ty: hóa đơn VAT, thanh toán công nợ và một đầu mối hỗ trợ.',
    },
    en: {
      title: 'Corporate customers',
      description: 'Rides for your staff and guests: VAT invoices, payment on credit and one contact for support.',
    },
  },
  'transport-policy': {
    vi: {
      title: 'Chính sách vận chuyển',
      description: 'Quy định về đón trả khách, hành lý, thời gian chờ và đổi chuyến của Vivu.',
    },
    en: {
      title: 'Transport policy',
      description: 'Vivu rules on pick-up and drop-off, luggage, waiting time and changing a ride.',
    },
  },
  complaints: {
    vi: { title: 'Chính sách bồi thường', description: 'Cách gửi khiếu nại và mức bồi thường khi chuyến xe không như đã hẹn.' },
    en: {
      title: 'Compensation policy',
      description: 'How to file a complaint and what you get back when a ride is not as promised.',
    },
  },
  'privacy-policy': {
    vi: {
      title: 'Chính sách quyền riêng tư',
      description: 'Vivu thu thập, sử dụng và bảo vệ thông tin cá nhân của bạn như thế nào.',
    },
    en: { title: 'Privacy policy', description: 'How Vivu collects, uses and protects your personal data.' },
  },
  'instructions-for-use': {
    vi: {
      title: 'Hướng dẫn sử dụng',
      description: 'Các bước tìm giá, đặt xe, thanh toán và theo dõi chuyến đi trên Vivu.',
    },
    en: { title: 'User guide', description: 'How to compare prices, book, pay and follow your ride on Vivu.' },
  },
  faqs: {
    vi: {
      title: 'Câu hỏi thường gặp',
      description: 'Giải đáp về đặt xe, thanh toán, hủy chuyến, đi ghép và xe sân bay tại Vivu.',
    },
    en: {
      title: 'Frequently asked questions',
      description: 'Answers about booking, paying, cancelling, shared rides and airport transfers.',
    },
  },
  'become-partner': {
    vi: {
      title: 'Đăng ký đối tác kinh doanh',
      description: 'Đăng ký làm đối tác Vivu: nhận tài khoản qua email và bắt đầu đặt xe cho khách của bạn.',
    },
    en: {
      title: 'Become a business partner',
      description: 'Sign up as a Vivu partner: get your login by e-mail and start booking rides for your customers.',
    },
  },
  'airport-noibai': {
    vi: {
      title: 'Taxi sân bay Nội Bài',
      description: 'Đặt xe đưa đón sân bay Nội Bài giá trọn gói, đi riêng hoặc đi ghép, xe 4 đến 45 chỗ.',
    },
    en: {
      title: 'Noi Bai airport taxi',
      description: 'Book a fixed-price Noi Bai airport transfer, private or shared, in cars of 4 to 45 seats.',
    },
  },
  'airport-lienkhuong': {
    vi: {
      title: 'Taxi sân bay Liên Khương',
      description: 'Xe đưa đón sân bay Liên Khương – Đà Lạt giá trọn gói, đặt trước, đón đúng giờ.',
    },
    en: {
      title: 'Lien Khuong airport taxi',
      description: 'Fixed-price transfers between Lien Khuong airport and Da Lat, booked ahead and on time.',
    },
  },
  'airport-phuquoc': {
    vi: {
      title: 'Taxi sân bay Phú Quốc',
      description: 'Đặt xe đưa đón sân bay Phú Quốc về khách sạn và các điểm du lịch trên đảo.',
    },
    en: {
      title: 'Phu Quoc airport taxi',
      description: 'Book a transfer from Phu Quoc airport to your hotel and around the island.',
    },
  },
  'airport-danang': {
    vi: {
      title: 'Taxi sân bay Đà Nẵng',
      description: 'Xe đưa đón sân bay Đà Nẵng đi Hội An, Bà Nà và trung tâm thành phố, giá trọn gói.',
    },
    en: {
      title: 'Da Nang airport taxi',
      description: 'Fixed-price transfers from Da Nang airport to Hoi An, Ba Na Hills and the city centre.',
    },
  },
  'airport-camranh': {
    vi: {
      title: 'Taxi sân bay Cam Ranh',
      description: 'Đặt xe sân bay Cam Ranh đi Nha Trang và Cam Ranh, đi riêng hoặc đi ghép.',
    },
    en: {
      title: 'Cam Ranh airport taxi',
      description: 'Book a Cam Ranh airport transfer to Nha Trang or Cam Ranh, private or shared.',
    },
  },
  airport: {
    vi: { title: 'Xe đưa đón sân bay', description: 'Đặt xe đưa đón các sân bay Việt Nam với giá trọn gói, tài xế đón tận nơi.' },
    en: {
      title: 'Airport transfers',
      description: 'Fixed-price transfers to and from airports across Vietnam, with a driver at your door.',
    },
  },
  'long-distance': {
    vi: { title: 'Xe đường dài liên tỉnh', description: 'Đặt xe riêng hoặc xe ghép đi tỉnh, giá trọn gói, đón trả tận nơi.' },
    en: { title: 'Long-distance rides', description: 'Private or shared rides between provinces at fixed prices, door to door.' },
  },
  travel: {
    vi: { title: 'Thuê xe du lịch', description: 'Thuê xe có tài xế cho chuyến du lịch: lịch trình gợi ý, giá trọn gói.' },
    en: { title: 'Travel by car', description: 'Hire a car with a driver for your trip: suggested itineraries at fixed prices.' },
  },
  'partner-console': {
    vi: { title: 'Bảng điều khiển đối tác', description: 'Nhận chuyến, phân tài xế và xe cho các chuyến của nhà xe.' },
    en: { title: 'Partner console', description: 'Accept rides and assign drivers and cars for your company.' },
  },
  'driver-trip': {
    vi: { title: 'Chuyến của tài xế', description: 'Thông tin chuyến và các bước của tài xế.' },
    en: { title: 'Driver’s trip', description: 'The trip’s details and the driver’s steps.' },
  },
  'partner-set-password': {
    vi: { title: 'Đặt mật khẩu đối tác', description: 'Đặt mật khẩu bảng điều khiển đối tác từ liên kết dùng một lần.' },
    en: { title: 'Set your partner password', description: 'Set your partner console password from its one-time link.' },
  },
  'business-account': {
    vi: { title: 'Tài khoản doanh nghiệp', description: 'Xem và nạp tín dụng doanh nghiệp, đặt xe trả bằng tín dụng.' },
    en: { title: 'Business account', description: 'See and top up your business credit, and book rides paid from it.' },
  },
  desk: {
    vi: { title: 'Trang quản trị', description: 'Trang làm việc của nhân viên Vivu.' },
    en: { title: 'Operator desk', description: 'Where Vivu’s staff work.' },
  },
};

/** The page answered for a path outside the live routes (and for an unknown slug). */
export const NOT_FOUND_TEXT: Record<Lang, SeoText> = {
  vi: { title: 'Không tìm thấy trang', description: 'Trang bạn tìm không có hoặc đã được chuyển đi.' },
  en: { title: 'Page not found', description: 'The page you are looking for does not exist or has moved.' },
};

/** The meta of the not-found page: noindex, no canonical. */
export function notFoundMeta(lang: Lang): PageMeta {
  return { lang, ...NOT_FOUND_TEXT[lang], path: null, alternates: {}, robots: 'noindex,nofollow', ogType: 'website', image: '' };
}

/**
 * The meta of a route from its own texts. A page with a slug is content whose slug differs between the languages, so
 * only its own path is known here (its content gives the other one).
 */
export function routeMeta(name: RouteName, lang: Lang, params: RouteParams = {}): PageMeta {
  const text = SEO_TEXTS[name][lang];
  if (PRIVATE_ROUTES.has(name)) {
    return { lang, ...text, path: null, alternates: {}, robots: 'noindex,nofollow', ogType: 'website', image: '' };
  }
  const path = pathFor(name, lang, params);
  const alternates: Partial<Record<Lang, string>> = params.slug
    ? { [lang]: path }
    : Object.fromEntries(LANGS.map((l) => [l, pathFor(name, l, params)]));
  return {
    lang,
    ...text,
    path,
    alternates,
    robots: SEARCH_ROUTES.has(name) ? 'noindex,follow' : 'index,follow',
    ogType: 'website',
    image: '',
  };
}
