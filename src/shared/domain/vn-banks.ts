// The receiving banks a VietQR code can name: each bank's NAPAS BIN, the 6 digits in the payload, with the
// name a passenger knows it by, its code in VietQR.io's bank list and the id of its app for the VietQR deep link
// (https://www.vietqr.io/deeplink: dl.vietqr.io/pay?app=<app id>). The common ones only; a BIN missing here still
// works, it is just shown as digits.

export interface VnBank {
  bin: string;
  /** The short name on the bank's app and in transfer screens. */
  shortName: string;
  name: string;
  /** The bank's code in VietQR.io's bank list (api.vietqr.io/v2/banks), lower case in a deep link's `ba`. */
  code: string;
  /** The app id of its app in the VietQR deep link, or null where VietQR.io lists no app of the bank. */
  appId: string | null;
}

export const VN_BANKS: readonly VnBank[] = [
  { bin: '970436', shortName: 'Vietcombank', name: 'Ngân hàng TMCP Ngoại thương Việt Nam', code: 'VCB', appId: 'vcb' },
  { bin: '970415', shortName: 'VietinBank', name: 'Ngân hàng TMCP Công thương Việt Nam', code: 'ICB', appId: 'icb' },
  { bin: '970418', shortName: 'BIDV', name: 'Ngân hàng TMCP Đầu tư và Phát triển Việt Nam', code: 'BIDV', appId: 'bidv' },
  {
    bin: '970405',
    shortName: 'Agribank',
    name: 'Ngân hàng Nông nghiệp và Phát triển Nông thôn Việt Nam',
    code: 'VBA',
    appId: 'vba',
  },
  { bin: '970407', shortName: 'Techcombank', name: 'Ngân hàng TMCP Kỹ thương Việt Nam', code: 'TCB', appId: 'tcb' },
  { bin: '970422', shortName: 'MB', name: 'Ngân hàng TMCP Quân đội', code: 'MB', appId: 'mb' },
  { bin: '970416', shortName: 'ACB', name: 'Ngân hàng TMCP Á Châu', code: 'ACB', appId: 'acb' },
  { bin: '970432', shortName: 'VPBank', name: 'Ngân hàng TMCP Việt Nam Thịnh Vượng', code: 'VPB', appId: 'vpb' },
  { bin: '970423', shortName: 'TPBank', name: 'Ngân hàng TMCP Tiên Phong', code: 'TPB', appId: 'tpb' },
  { bin: '970403', shortName: 'Sacombank', name: 'Ngân hàng TMCP Sài Gòn Thương Tín', code: 'STB', appId: null },
];

/** The bank of a BIN, or undefined for one not in the list. */
export function bankOfBin(bin: string): VnBank | undefined {
  return VN_BANKS.find((bank) => bank.bin === bin);
}
