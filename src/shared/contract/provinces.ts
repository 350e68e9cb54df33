// The current (post-2025) provinces a transport partner serves, as its application names them: codes and names as
// the gazetteer has them (a unit test keeps the two equal), and the schema of a list of them.
import { yup } from './yup';

/** The current provinces (codes and names as the gazetteer has them; a unit test keeps the two equal). */
export const PROVINCES = [
  { code: '01', vi: 'Hà Nội', en: 'Hanoi' },
  { code: '04', vi: 'Cao Bằng', en: 'Cao Bang' },
  { code: '08', vi: 'Tuyên Quang', en: 'Tuyen Quang' },
  { code: '11', vi: 'Điện Biên', en: 'Dien Bien' },
  { code: '12', vi: 'Lai Châu', en: 'Lai Chau' },
  { code: '14', vi: 'Sơn La', en: 'Son La' },
  { code: '15', vi: 'Lào Cai', en: 'Lao Cai' },
  { code: '19', vi: 'Thái Nguyên', en: 'Thai Nguyen' },
  { code: '20', vi: 'Lạng Sơn', en: 'Lang Son' },
  { code: '22', vi: 'Quảng Ninh', en: 'Quang Ninh' },
  { code: '24', vi: 'Bắc Ninh', en: 'Bac Ninh' },
  { code: '25', vi: 'Phú Thọ', en: 'Phu Tho' },
  { code: '31', vi: 'Hải Phòng', en: 'Haiphong' },
  { code: '33', vi: 'Hưng Yên', en: 'Hung Yen' },
  { code: '37', vi: 'Ninh Bình', en: 'Ninh Binh' },
  { code: '38', vi: 'Thanh Hoá', en: 'Thanh Hoa' },
  { code: '40', vi: 'Nghệ An', en: 'Nghe An' },
  { code: '42', vi: 'Hà Tĩnh', en: 'Ha Tinh' },
  { code: '44', vi: 'Quảng Trị', en: 'Quang Tri' },
  { code: '46', vi: 'Huế', en: 'Hue' },
  { code: '48', vi: 'Đà Nẵng', en: 'Da Nang' },
  { code: '51', vi: 'Quảng Ngãi', en: 'Quang Ngai' },
  { code: '52', vi: 'Gia Lai', en: 'Gia Lai' },
  { code: '56', vi: 'Khánh Hoà', en: 'Khanh Hoa' },
  { code: '66', vi: 'Đắk Lắk', en: 'Dak Lak' },
  { code: '68', vi: 'Lâm Đồng', en: 'Lam Dong' },
  { code: '75', vi: 'Đồng Nai', en: 'Dong Nai' },
  { code: '79', vi: 'Hồ Chí Minh', en: 'Ho Chi Minh' },
  { code: '80', vi: 'Tây Ninh', en: 'Tay Ninh' },
  { code: '82', vi: 'Đồng Tháp', en: 'Dong Thap' },
  { code: '86', vi: 'Vĩnh Long', en: 'Vinh Long' },
  { code: '91', vi: 'An Giang', en: 'An Giang' },
  { code: '92', vi: 'Cần Thơ', en: 'Can Tho' },
  { code: '96', vi: 'Cà Mau', en: 'Ca Mau' },
] as const;
export const PROVINCE_CODES: readonly string[] = PROVINCES.map((province) => province.code);

/** No province, or one that is not a current province code. */
export const PROVINCES_ERROR_KEY = 'partner_join.errors.provinces';

/** A list of current province codes, at least one, each once. */
export const provincesSchema = yup
  .array(yup.string().required())
  .transform((value: unknown) => (Array.isArray(value) ? [...new Set(value as unknown[])] : value))
  .typeError({ key: PROVINCES_ERROR_KEY })
  .min(1, { key: PROVINCES_ERROR_KEY })
  .test('provinces', { key: PROVINCES_ERROR_KEY }, (codes) => (codes ?? []).every((code) => PROVINCE_CODES.includes(code)));
