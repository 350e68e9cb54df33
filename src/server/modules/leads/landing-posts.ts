// The partner landing page's content (spec 7 home/get_posts_agent_landingpage; spec 1: a 20% commission and a 20%
// revenue increase). Kept in code until the content module serves editable posts.
import type { Lang } from '../../../shared/domain/route-table';

interface LandingPost {
  id: string;
  title: Record<Lang, string>;
  body: Record<Lang, string>;
}

export const PARTNER_LANDING_POSTS: LandingPost[] = [
  {
    id: 'commission',
    title: { vi: 'Hoa hồng 20% cho mỗi chuyến', en: '20% commission on every ride' },
    body: {
      vi: 'Đối tác nhận 20% hoa hồng trên mỗi chuyến xe khách hàng của bạn đặt qua Vivu.',
      en: 'Partners earn a 20% commission on every ride their customers book through Vivu.',
    },
  },
  {
    id: 'revenue',
    title: { vi: 'Tăng 20% doanh thu', en: '20% more revenue' },
    body: {
      vi: 'Nhà xe đối tác tăng trung bình 20% doanh thu nhờ khách đặt trực tuyến và chuyến ghép.',
      en: 'Transport partners report 20% more revenue on average from online bookings and shared rides.',
    },
  },
  {
    id: 'credit',
    title: { vi: 'Đặt xe bằng tín dụng', en: 'Book on credit' },
    body: {
      vi: 'Doanh nghiệp đăng ký nhận thông tin đăng nhập qua e-mail trong 15 phút, đặt xe bằng tín dụng và nạp thêm khi cần.',
      en: 'Businesses get their login by e-mail within 15 minutes, book rides on credit and top up whenever they need.',
    },
  },
];
