import { describe, expect, it } from 'vitest';
import { PAY_METHOD, VIETQR_PAY_METHOD } from '../../../../shared/contract/booking';
import en from '../../../locales/en.json';
import vi from '../../../locales/vi.json';
import { refundNoteOf } from './cancelled-view';

describe('the refund line of a cancelled ticket', () => {
  it('sends a bank transfer back to its account, a card payment to its card, and says nothing for cash', () => {
    expect(refundNoteOf(VIETQR_PAY_METHOD)).toBe('cancel.refund_transfer');
    expect(vi.cancel.refund_transfer).toMatch(/tài khoản đã chuyển/);
    expect(en.cancel.refund_transfer).toMatch(/account it came from/);
    expect(en.cancel.refund_transfer).not.toMatch(/card/);
    expect(refundNoteOf(PAY_METHOD.online)).toBe('cancel.refund_general');
    expect(refundNoteOf(PAY_METHOD.postpaid)).toBeNull();
  });
});
