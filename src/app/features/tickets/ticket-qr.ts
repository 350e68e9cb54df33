// The ticket code as a QR code, drawn as an SVG data URL (an <img>: no inline script or style, and the CSP allows
// img data:). Built synchronously from the qrcode package's module matrix, so it renders offline and at once once its
// chunk (this module, loaded by ticket-details.tsx) is there.
import QRCode from 'qrcode';

/** The SVG of `text`'s QR code: one path of 1×1 squares on a white field with a 4-module quiet zone. */
export function qrSvg(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  const margin = 4;
  const full = size + margin * 2;
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (data[row * size + col]) path += `M${col + margin} ${row + margin}h1v1h-1z`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" shape-rendering="crispEdges">` +
    `<rect width="${full}" height="${full}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}

export function qrDataUrl(text: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg(text))}`;
}
