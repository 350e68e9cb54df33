// The VietQR code as a picture a passenger keeps: a PNG with the code and, written under it, the amount, the bank,
// the account and the transfer note, which every Vietnamese bank app can open from the gallery. Drawn on a canvas.
import { toCanvas } from 'qrcode';

/** The picture's width in CSS pixels; the code is drawn at 2 pixels per module at least, so a bank app reads it. */
const WIDTH = 600;
const PADDING = 32;
const QR_SIZE = 440;

export interface VietQrImageText {
  /** The amount as shown ("1.250.000đ"), written large under the code. */
  amount: string;
  /** "Label: value" lines: the bank, the account number and holder, the transfer note. */
  lines: string[];
}

/** The PNG of `payload`'s code with `text` under it. */
export async function vietQrImage(payload: string, text: VietQrImageText): Promise<Blob> {
  const qr = document.createElement('canvas');
  await toCanvas(qr, payload, { width: QR_SIZE, margin: 4, errorCorrectionLevel: 'M' });
  const canvas = document.createElement('canvas');
  const lineHeight = 34;
  canvas.width = WIDTH;
  canvas.height = PADDING + QR_SIZE + 24 + 48 + text.lines.length * lineHeight + PADDING;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(qr, (WIDTH - QR_SIZE) / 2, PADDING);
  context.fillStyle = '#111111';
  context.textAlign = 'center';
  context.textBaseline = 'top';
  let y = PADDING + QR_SIZE + 24;
  context.font = 'bold 40px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  context.fillText(text.amount, WIDTH / 2, y, WIDTH - 2 * PADDING);
  y += 48;
  context.font = '24px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  for (const line of text.lines) {
    y += 6;
    context.fillText(line, WIDTH / 2, y, WIDTH - 2 * PADDING);
    y += lineHeight - 6;
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the picture was not made'))), 'image/png'),
  );
}
