/**
 * The Redsys adapter against Redsys' published signature vector (redsys-easy's own fixtures,
 * test/fixtures/rest/redirect.ts: a real sandbox redirect request and the notification the bank
 * sent for it, merchant 999008881 with the published test key): signing gives the bank's bytes,
 * and the bank's own notification verifies and reads as paid. No network.
 */
import { createRedsysAPI, SANDBOX_URLS } from 'redsys-easy';
import { describe, expect, it } from 'vitest';
import { REDSYS_TEST_KEY, signRedsysNotification } from '../../../test/stand-ins/redsys-rest';
import { PROVIDER_TIMEOUT_MS, type ProviderConfig, SignatureInvalid } from './provider';
import {
  BIZUM_PAY_METHOD,
  newRedsysOrder,
  peekRedsysOrder,
  redsysUrls,
  startRedsysCheckout,
  verifyRedsysNotification,
} from './redsys';

// ── The published vector (redsys-easy, test/fixtures/rest/redirect.ts) ─────────────────────────────
const redirectRequest = {
  DS_MERCHANT_TRANSACTIONTYPE: '0',
  DS_MERCHANT_ORDER: '0726qI3H7sZx',
  DS_MERCHANT_MERCHANTCODE: '999008881',
  DS_MERCHANT_TERMINAL: '1',
  DS_MERCHANT_AMOUNT: '4999',
  DS_MERCHANT_CURRENCY: '978',
  DS_MERCHANT_MERCHANTURL: 'http://www.prueba.com/urlNotificacion.php',
  DS_MERCHANT_URLOK: 'http://www.prueba.com/urlOK.php',
  DS_MERCHANT_URLKO: 'http://www.prueba.com/urlKO.php',
} as const;
const signedRedirectRequest = {
  Ds_SignatureVersion: 'HMAC_SHA256_V1',
  Ds_MerchantParameters:
    'eyJEU19NRVJDSEFOVF9UUkFOU0FDVElPTlRZUEUiOiIwIiwiRFNfTUVSQ0hBTlRfT1JERVIiOiIwNzI2cUkzSDdzWngiLCJEU19NRVJDSEFOVF9NRVJDSEFOVENPREUiOiI5OTkwMDg4ODEiLCJEU19NRVJDSEFOVF9URVJNSU5BTCI6IjEiLCJEU19NRVJDSEFOVF9BTU9VTlQiOiI0OTk5IiwiRFNfTUVSQ0hBTlRfQ1VSUkVOQ1kiOiI5NzgiLCJEU19NRVJDSEFOVF9NRVJDSEFOVFVSTCI6Imh0dHA6Ly93d3cucHJ1ZWJhLmNvbS91cmxOb3RpZmljYWNpb24ucGhwIiwiRFNfTUVSQ0hBTlRfVVJMT0siOiJodHRwOi8vd3d3LnBydWViYS5jb20vdXJsT0sucGhwIiwiRFNfTUVSQ0hBTlRfVVJMS08iOiJodHRwOi8vd3d3LnBydWViYS5jb20vdXJsS08ucGhwIn0=',
  Ds_Signature: 'TyW+LIa2GZnhCPLM7JSPwbQn4ZjOvMO/KiIf4yJgwo8=',
};
/** The notification the sandbox sent for that order (Ds_Response 0000, authorisation 052029). */
const bankNotification = {
  Ds_SignatureVersion: 'HMAC_SHA256_V1',
  Ds_MerchantParameters:
    'eyJEc19EYXRlIjoiMjIlMkYxMCUyRjIwMjEiLCJEc19Ib3VyIjoiMjIlM0E1MSIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQ2FyZF9OdW1iZXIiOiI0NTQ4ODEqKioqKiowMDA0IiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiNDk5OSIsIkRzX0N1cnJlbmN5IjoiOTc4IiwiRHNfT3JkZXIiOiIwNzI2cUkzSDdzWngiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6IjAwMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDUyMDI5IiwiRHNfQ2FyZF9CcmFuZCI6IjEiLCJEc19Qcm9jZXNzZWRQYXlNZXRob2QiOiIxIn0=',
  Ds_Signature: '52nPyUkyDws__OfMqDka_yN-arxzulELZC1TYTvvR0s=',
};

const config: Extract<ProviderConfig, { provider: 'redsys' }> = {
  provider: 'redsys',
  mode: 'test',
  merchantCode: '999008881',
  terminal: '1',
  secretKey: REDSYS_TEST_KEY,
  bizum: true,
};
const endpoints = { timeoutMs: PROVIDER_TIMEOUT_MS };
const decode = (b64: string) => JSON.parse(Buffer.from(b64, 'base64').toString('utf8'));

describe('Redsys: the published signature vector', () => {
  it('redsys-easy signs the published request to the published bytes and signature', () => {
    const form = createRedsysAPI({ secretKey: REDSYS_TEST_KEY, urls: SANDBOX_URLS }).createRedirectForm(
      redirectRequest,
    );
    expect(form.body).toEqual(signedRedirectRequest);
    expect(form.url).toBe('https://sis-t.redsys.es:25443/sis/realizarPago');
  });

  it("the bank's own notification verifies with the test key and reads as paid", () => {
    expect(peekRedsysOrder(bankNotification)).toBe('0726qI3H7sZx');
    const n = verifyRedsysNotification(config, bankNotification, endpoints);
    expect(n).toMatchObject({
      provider: 'redsys',
      eventKey: 'order:0726qI3H7sZx:0000',
      orderRef: '0726qI3H7sZx',
      outcome: 'paid',
      amountCents: 4999,
      currency: 'EUR',
      providerPaymentRef: '0726qI3H7sZx',
    });
    expect(n.detail).toContain('052029');
  });

  it('another key, or one changed character of the parameters, does not verify', () => {
    expect(() =>
      verifyRedsysNotification(
        { ...config, secretKey: 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev' },
        bankNotification,
        endpoints,
      ),
    ).toThrow(SignatureInvalid);
    const params = decode(bankNotification.Ds_MerchantParameters);
    const tampered = {
      ...bankNotification,
      Ds_MerchantParameters: Buffer.from(JSON.stringify({ ...params, Ds_Amount: '1' })).toString('base64'),
    };
    expect(() => verifyRedsysNotification(config, tampered, endpoints)).toThrow(SignatureInvalid);
    expect(() =>
      verifyRedsysNotification(config, { ...bankNotification, Ds_SignatureVersion: 'X' }, endpoints),
    ).toThrow(SignatureInvalid);
  });

  it('our test notifications (signed with redsys-easy as the bank signs) verify the same way', () => {
    const paid = verifyRedsysNotification(
      config,
      signRedsysNotification({ order: '1234abcdEFGH', amountCents: 1500 }),
      endpoints,
    );
    expect(paid).toMatchObject({ outcome: 'paid', amountCents: 1500, currency: 'EUR' });
    const denied = verifyRedsysNotification(
      config,
      signRedsysNotification({ order: '1234abcdEFGH', amountCents: 1500, response: '0190' }),
      endpoints,
    );
    expect(denied).toMatchObject({ outcome: 'failed', eventKey: 'order:1234abcdEFGH:0190', providerPaymentRef: null });
    const otherMerchant = verifyRedsysNotification(
      config,
      signRedsysNotification({ order: '1234abcdEFGH', amountCents: 1500, merchantCode: '111111111' }),
      endpoints,
    );
    expect(otherMerchant.outcome).toBe('other');
  });
});

describe('Redsys: the redirect form', () => {
  const request = {
    orderRef: newRedsysOrder(new Date()),
    amountCents: 11_500,
    currency: 'EUR',
    locale: 'de',
    description: 'Reserva TRY-ABC123',
    customerEmail: 'kunde@example.de',
    payMethod: 'card' as const,
    okUrl: 'https://reservas.example.com/public/booking/x?payment=ok',
    koUrl: 'https://reservas.example.com/public/booking/x?payment=ko',
    notificationUrl: 'https://reservas.example.com/api/v1/payments/redsys/notification',
  };

  it('orders are 12 characters, four digits first, never repeated', () => {
    const many = new Set(Array.from({ length: 500 }, () => newRedsysOrder(new Date())));
    expect(many.size).toBe(500);
    for (const o of many) expect(o).toMatch(/^\d{4}[A-Za-z0-9]{8}$/);
  });

  it('signs the amount, the URLs and the language; Bizum is Ds_Merchant_PayMethods z', () => {
    const card = startRedsysCheckout(config, request, endpoints);
    expect(card.form.action).toBe('https://sis-t.redsys.es:25443/sis/realizarPago');
    const p = decode(card.form.fields.Ds_MerchantParameters);
    expect(p).toMatchObject({
      DS_MERCHANT_ORDER: request.orderRef,
      DS_MERCHANT_AMOUNT: '11500',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_MERCHANTURL: request.notificationUrl,
      DS_MERCHANT_URLOK: request.okUrl,
      DS_MERCHANT_URLKO: request.koUrl,
      DS_MERCHANT_CONSUMERLANGUAGE: '5',
    });
    expect(p.DS_MERCHANT_PAYMETHODS).toBeUndefined();
    const bizum = startRedsysCheckout(config, { ...request, payMethod: 'bizum' }, endpoints);
    expect(decode(bizum.form.fields.Ds_MerchantParameters).DS_MERCHANT_PAYMETHODS).toBe(BIZUM_PAY_METHOD);
    expect(startRedsysCheckout({ ...config, mode: 'live' }, request, endpoints).form.action).toBe(
      'https://sis.redsys.es/sis/realizarPago',
    );
    expect(redsysUrls('live', 'http://127.0.0.1:3333/').redirect).toBe('http://127.0.0.1:3333/sis/realizarPago');
  });
});
