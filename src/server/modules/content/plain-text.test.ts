import { describe, expect, it } from 'vitest';
import { plainBlocks, plainText } from './plain-text';

describe('plainText', () => {
  it('keeps the text and drops every tag, handler and script', () => {
    expect(plainText('Gọi <b>1900 6022</b><script>alert(1)</script> ngay')).toBe('Gọi 1900 6022 ngay');
    expect(plainText('Ảnh <img src=x onerror="alert(1)"> đây')).toBe('Ảnh đây');
    expect(plainText('<a href="javascript:alert(1)" title="a > b">Mở</a>')).toBe('Mở');
    expect(plainText('<style>p{}</style><iframe src="//x"></iframe>Hết<!-- c -->')).toBe('Hết');
    expect(plainText('<SCRIPT type="text/javascript">x()</SCRIPT >còn')).toBe('còn');
  });

  it('keeps a < that starts no tag, and takes a code scheme out of plain text', () => {
    expect(plainText('giá < 100.000đ, 2<3')).toBe('giá < 100.000đ, 2<3');
    expect(plainText('JavaScript:alert(1) javajavascript:script:x')).toBe('alert(1) x');
  });

  it('drops an unclosed tag or script to the end', () => {
    expect(plainText('Chào <img src=x onerror=alert(1)')).toBe('Chào');
    expect(plainText('Chào <script>alert(1)')).toBe('Chào');
  });

  it('drops blocks and list items left empty', () => {
    expect(
      plainBlocks([
        { type: 'p', text: '<script>x</script>' },
        { type: 'ul', items: ['<b>Một</b>', '<img onerror=x>'] },
        { type: 'img', src: 'x' },
      ]),
    ).toEqual([{ type: 'ul', items: ['Một'] }]);
  });
});
