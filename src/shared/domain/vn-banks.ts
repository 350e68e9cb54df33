// The receiving banks a VietQR code can name: each bank's NAPAS BIN, the 6 digits in the payload, with the
// name a passenger knows it by. The common ones only; a BIN missing here still works, it is just shown as digits.

export interface VnBank {
  bin: string;
  /** The short name on the bank's app and in transfer screens. */
  shortName: string;
  name: string;
}

export const VN_BANKS: readonly VnBank[] = [
  { bin: '970436', shortName: 'Vietcombank', name: 'Ngân hàng TMCP Ngoại thương Việt Nam' },
  { bin: '970415', shortName: 'VietinBank', name: 'Ngân hàng TMCP Công thương Việt Nam' },
  { bin: '970418', shortName: 'BIDV', name: 'Ngân hàng TMCP Đầu tư và Phát triển Việt Nam' },
  { bin: '970405', shortName: 'Agribank', name: 'Ngân hàng Nông nghiệp và Phát triển Nông thôn Việt Nam' },
  { bin: '970407', shortName: 'Techcombank', name: 'Ngân hàng TMCP Kỹ thương Việt Nam' },
  { bin: '970422', shortName: 'MB', name: 'Ngân hàng TMCP Quân đội' },
  { bin: '970416', shortName: 'ACB', name: 'Ngân hàng TMCP Á Châu' },
  { bin: '970432', shortName: 'VPBank', name: 'Ngân hàng TMCP Việt Nam Thịnh Vượng' },
  { bin: '970423', shortName: 'TPBank', name: 'Ngân hàng TMCP Tiên Phong' },
  { bin: '970403', shortName: 'Sacombank', name: 'Ngân hàng TMCP Sài Gòn Thương Tín' },
];

/** The bank of a BIN, or undefined for one not in the list. */
export function bankOfBin(bin: string): VnBank | undefined {
  return VN_BANKS.find((bank) => bank.bin === bin);
}
