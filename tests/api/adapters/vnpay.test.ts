// The VNPay adapter against vectors built by hand from VNPay's documented algorithm (sorted vnp_ parameters,
// encodeURIComponent with spaces as '+', HMAC-SHA512 of that string): the expected hashes were computed outside
// the adapter (Python's hmac, and node:crypto over the literal string here).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createVnpayGateway, vnpayDate, vnpayFromEnv, VNPAY_SANDBOX_URL } from '../../../src/server/adapters/payments/vnpay';

const SECRET = 'SECRETKEYFORTESTS0123456789ABCDEF';
const gateway = createVnpayGateway({ tmnCode: 'VIVUTEST', hashSecret: SECRET });
const payment = {
  txnRef: 'T123abc',
  amount: 350_000,
  ticketCode: 'VV12345',
  // 10:00 in Vietnam (GMT+7) on 23/11/2026; the window closes 5 minutes later.
  createdAt: new Date('2026-11-23T03:00:00Z'),
  expiresAt: new Date('2026-11-23T03:05:00Z'),
};
const RETURN_URL = 'http://localhost/dat-xe-thanh-cong?ticket_code=VV12345';

const REQUEST_SIGN_DATA =
  'vnp_Amount=35000000&vnp_Command=pay&vnp_CreateDate=20261123100000&vnp_CurrCode=VND&vnp_ExpireDate=20261123100500' +
  '&vnp_IpAddr=127.0.0.1&vnp_Locale=vn&vnp_OrderInfo=Thanh+toan+ve+VV12345&vnp_OrderType=other' +
  '&vnp_ReturnUrl=http%3A%2F%2Flocalhost%2Fdat-xe-thanh-cong%3Fticket_code%3DVV12345&vnp_TmnCode=VIVUTEST' +
  '&vnp_TxnRef=T123abc&vnp_Version=2.1.0';
/** HMAC-SHA512 of REQUEST_SIGN_DATA under SECRET, computed with Python's hmac module. */
const REQUEST_HASH =
  '74ae1d1dd2212f0ad942d7e8a30953b9dea0b6b20cd28c2553d0378c6bcea84cc1760136f42a2921c856b088fe244f5c7c91465b262f775cc7a82d9564a440a8';

/** An IPN as VNPay sends it (decoded query parameters), signed over the sorted string below. */
const IPN_PARAMS: Record<string, string> = {
  vnp_Amount: '35000000',
  vnp_BankCode: 'NCB',
  vnp_BankTranNo: 'VNP14226112',
  vnp_CardType: 'ATM',
  vnp_OrderInfo: 'Thanh toan ve VV12345',
  vnp_PayDate: '20261123100230',
  vnp_ResponseCode: '00',
  vnp_TmnCode: 'VIVUTEST',
  vnp_TransactionNo: '14226112',
  vnp_TransactionStatus: '00',
  vnp_TxnRef: 'T123abc',
};
const IPN_SIGN_DATA =
  'vnp_Amount=35000000&vnp_BankCode=NCB&vnp_BankTranNo=VNP14226112&vnp_CardType=ATM&vnp_OrderInfo=Thanh+toan+ve+VV12345' +
  '&vnp_PayDate=20261123100230&vnp_ResponseCode=00&vnp_TmnCode=VIVUTEST&vnp_TransactionNo=14226112' +
  '&vnp_TransactionStatus=00&vnp_TxnRef=T123abc';
const IPN_HASH =
  'b00b350807d73384d1516cad4d08c33762748cb037719fef89927ef1515df013a9e2c243abc3d063936944fd522e4a44ee04e07baf7acd69d13cf086448131cc';

const hmac512 = (secret: string, data: string) => createHmac('sha512', secret).update(data, 'utf8').digest('hex');

describe('VNPay payment URL', () => {
  it('signs the hand-built sorted string with the known hash', async () => {
    expect(hmac512(SECRET, REQUEST_SIGN_DATA)).toBe(REQUEST_HASH);
    const url = await gateway.buildPaymentUrl(payment, RETURN_URL, '127.0.0.1', 'vi');
    expect(`${url.origin}${url.pathname}`).toBe(VNPAY_SANDBOX_URL);
    expect(url.search).toBe(`?${REQUEST_SIGN_DATA}&vnp_SecureHash=${REQUEST_HASH}`);
  });

  it('writes dates in GMT+7 and the amount in hundredths of a đồng, English as en', async () => {
    expect(vnpayDate(new Date('2026-12-31T17:30:05Z'))).toBe('20270101003005');
    const url = await gateway.buildPaymentUrl({ ...payment, amount: 1_250_000 }, RETURN_URL, '203.0.113.9', 'en');
    expect(url.searchParams.get('vnp_Amount')).toBe('125000000');
    expect(url.searchParams.get('vnp_Locale')).toBe('en');
    expect(url.searchParams.get('vnp_IpAddr')).toBe('203.0.113.9');
    const params = Object.fromEntries(url.searchParams);
    const { vnp_SecureHash: hash, ...rest } = params;
    const handBuilt = Object.keys(rest)
      .sort()
      .map((key) => `${key}=${encodeURIComponent(rest[key] ?? '').replace(/%20/g, '+')}`)
      .join('&');
    expect(hash).toBe(hmac512(SECRET, handBuilt));
  });

  it('names a business credit top-up as such in the order text, Vietnamese marks dropped to plain ASCII', async () => {
    const url = await gateway.buildPaymentUrl(
      { ...payment, ticketCode: 'TU7ABC', description: 'Nạp tín dụng doanh nghiệp TU7ABC' },
      RETURN_URL,
      '127.0.0.1',
      'vi',
    );
    expect(url.searchParams.get('vnp_OrderInfo')).toBe('Nap tin dung doanh nghiep TU7ABC');
  });

  it('round-trips: its own parameters verify', async () => {
    const url = await gateway.buildPaymentUrl(payment, RETURN_URL, '127.0.0.1', 'vi');
    const result = await gateway.verifyCallback(Object.fromEntries(url.searchParams));
    expect(result.ok).toBe(true);
    expect(result.txnRef).toBe('T123abc');
    expect(result.amount).toBe(350_000);
  });
});

describe('VNPay callback verification', () => {
  const signed = { ...IPN_PARAMS, vnp_SecureHashType: 'HmacSHA512', vnp_SecureHash: IPN_HASH };

  it('accepts the known vector and reads amount, result and transaction number', async () => {
    expect(hmac512(SECRET, IPN_SIGN_DATA)).toBe(IPN_HASH);
    expect(await gateway.verifyCallback(signed)).toEqual({
      ok: true,
      txnRef: 'T123abc',
      amount: 350_000,
      success: true,
      gatewayTxnNo: '14226112',
      responseCode: '00',
    });
  });

  it("accepts an upper-case hash and ignores parameters that are not VNPay's (our return URL's own)", async () => {
    const result = await gateway.verifyCallback({ ...signed, vnp_SecureHash: IPN_HASH.toUpperCase(), ticket_code: 'VV12345' });
    expect(result.ok).toBe(true);
  });

  it('refuses a tampered amount', async () => {
    const result = await gateway.verifyCallback({ ...signed, vnp_Amount: '100' });
    expect(result.ok).toBe(false);
  });

  it('refuses a tampered or missing signature', async () => {
    const flipped = (IPN_HASH[0] === 'a' ? 'b' : 'a') + IPN_HASH.slice(1);
    expect((await gateway.verifyCallback({ ...signed, vnp_SecureHash: flipped })).ok).toBe(false);
    expect((await gateway.verifyCallback({ ...signed, vnp_SecureHash: IPN_HASH.slice(0, 64) })).ok).toBe(false);
    const { vnp_SecureHash: _dropped, ...unsigned } = signed;
    expect((await gateway.verifyCallback(unsigned)).ok).toBe(false);
  });

  it('refuses parameters signed with another secret, or for another merchant', async () => {
    const other = createVnpayGateway({ tmnCode: 'VIVUTEST', hashSecret: 'ANOTHERSECRET' });
    expect((await other.verifyCallback(signed)).ok).toBe(false);
    const otherMerchant = { ...IPN_PARAMS, vnp_TmnCode: 'SOMEONE' };
    const forged = { ...otherMerchant, vnp_SecureHash: hmac512(SECRET, IPN_SIGN_DATA.replace('VIVUTEST', 'SOMEONE')) };
    expect((await gateway.verifyCallback(forged)).ok).toBe(false);
  });

  it('reads a failed payment as not successful', async () => {
    const failed = { ...IPN_PARAMS, vnp_ResponseCode: '24', vnp_TransactionStatus: '02' };
    const data = IPN_SIGN_DATA.replace('vnp_ResponseCode=00', 'vnp_ResponseCode=24').replace(
      'vnp_TransactionStatus=00',
      'vnp_TransactionStatus=02',
    );
    const result = await gateway.verifyCallback({ ...failed, vnp_SecureHash: hmac512(SECRET, data) });
    expect(result).toMatchObject({ ok: true, success: false, responseCode: '24' });
  });
});

describe('VNPay configuration', () => {
  it('is enabled only with a merchant code and a hash secret', () => {
    expect(vnpayFromEnv({})).toBeNull();
    expect(vnpayFromEnv({ VNPAY_TMN_CODE: 'X' })).toBeNull();
    expect(vnpayFromEnv({ VNPAY_TMN_CODE: 'X', VNPAY_HASH_SECRET: 'Y' })?.name).toBe('vnpay');
  });
});
