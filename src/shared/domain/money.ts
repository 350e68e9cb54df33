// Money is whole VND shown with dot separators and the đ sign (spec 1): 1250000 -> "1.250.000đ", 0 -> "0đ".

export function formatVnd(amount: number): string {
  const value = Number.isFinite(amount) ? Math.round(amount) : 0;
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(value));
  let grouped = '';
  for (let i = 0; i < digits.length; i += 1) {
    const fromEnd = digits.length - i;
    grouped += digits[i];
    if (fromEnd > 1 && fromEnd % 3 === 1) grouped += '.';
  }
  return `${sign}${grouped}đ`;
}
