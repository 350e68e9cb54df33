import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrDataUrl, qrSvg } from './ticket-qr';

describe('qrSvg', () => {
  it('draws every dark module of the code, inside a quiet zone', () => {
    const svg = qrSvg('VV12345');
    const { modules } = QRCode.create('VV12345', { errorCorrectionLevel: 'M' });
    const dark = Array.from(modules.data).filter(Boolean).length;
    expect(svg.match(/h1v1h-1z/g)).toHaveLength(dark);
    expect(svg).toContain(`viewBox="0 0 ${modules.size + 8} ${modules.size + 8}"`);
  });

  it('is a data URL an <img> can show', () => {
    expect(qrDataUrl('VV12345')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  });
});
