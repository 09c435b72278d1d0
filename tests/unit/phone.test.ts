// Tanzanian mobile normalization, masking and search prefixes.
import { describe, expect, it } from 'vitest';
import { maskPhone, normalizeTanzanianMobile, phoneSearchPrefix } from '../../core/domain/phone.ts';

describe('normalizeTanzanianMobile accepts mobile numbers in every form', () => {
  it.each([
    ['Vodacom 074x', '0741 234 567', '+255741234567'],
    ['Vodacom 075x, +255 form', '+255754123456', '+255754123456'],
    ['Vodacom 076x, 255 form', '255761234567', '+255761234567'],
    ['Airtel 068x', '0681234567', '+255681234567'],
    ['Airtel 078x', '+255 78 123 4567', '+255781234567'],
    ['Tigo/Yas 065x', '0651234567', '+255651234567'],
    ['Tigo/Yas 067x', '255 671 234 567', '+255671234567'],
    ['Tigo/Yas 071x', '0711234567', '+255711234567'],
    ['Halotel 061', '0611234567', '+255611234567'],
    ['Halotel 062', '+255621234567', '+255621234567'],
    ['TTCL 073x', '0731234567', '+255731234567'],
    ['leading and trailing spaces', '  0754 123 456  ', '+255754123456'],
    ['spaces after the plus', '+ 255 754 123 456', '+255754123456'],
  ])('%s: %j', (_label, input, expected) => {
    expect(normalizeTanzanianMobile(input)).toEqual({ ok: true, value: expected });
  });
});

describe('normalizeTanzanianMobile refuses anything else', () => {
  it.each([
    ['empty', '', /required/],
    ['only spaces', '   ', /required/],
    ['only a plus', '+', /required/],
    ['fixed line in Dar es Salaam', '0222123456', /mobile/],
    ['fixed line, +255 form', '+255 22 212 3456', /mobile/],
    ['VOIP range', '0411234567', /mobile/],
    ['unassigned range', '0641234567', /not a valid Tanzanian/],
    ['Kenyan mobile', '+254712345678', /country code must be \+255/],
    ['Ugandan mobile', '+256772123456', /country code must be \+255/],
    ['too short', '075412345', /9 digits .*\(got 8\)/],
    ['too long', '07541234567', /9 digits .*\(got 10\)/],
    ['too long, +255 form', '+2557541234567', /9 digits .*\(got 10\)/],
    ['country code only', '255', /\(got 0\)/],
    ['bare national number', '754123456', /form/],
    ['international 00 prefix', '00255754123456', /9 digits/],
    ['letters', '0754abc456', /only digits, spaces and a leading \+/],
    ['hyphens', '0754-123-456', /only digits/],
    ['dots', '0754.123.456', /only digits/],
    ['parentheses', '(0754) 123456', /only digits/],
    ['plus inside', '0754+123456', /only digits/],
    ['two pluses', '++255754123456', /only digits/],
    ['tab', '0754\t123456', /only digits/],
    ['arabic-indic digits', '٠٧٥٤١٢٣٤٥٦', /only digits/],
  ])('%s: %j', (_label, input, message) => {
    const result = normalizeTanzanianMobile(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('validation_failed');
    expect(result.error.field).toBe('phone');
    expect(result.error.message).toMatch(message);
  });

  it('names the field the caller gives', () => {
    const result = normalizeTanzanianMobile('0222123456', 'to');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.field).toBe('to');
      expect(result.error.message).toMatch(/^to /);
    }
  });
});

describe('maskPhone', () => {
  it.each([
    ['+255754123456', '+255754****56'],
    ['+255611234507', '+255611****07'],
    ['+25575', '****75'],
  ])('%s -> %s', (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it('keeps the length of an E.164 number', () => {
    expect(maskPhone('+255754123456')).toHaveLength('+255754123456'.length);
  });
});

describe('phoneSearchPrefix', () => {
  it.each([
    ['+255 754', '+255754'],
    ['+255754', '+255754'],
    ['255754', '+255754'],
    ['255 754 12', '+25575412'],
    ['0754', '+255754'],
    ['0', '+255'],
    ['754', '+255754'],
    ['7', '+2557'],
    ['61', '+25561'],
    ['+2557', '+2557'],
    ['+', null],
    ['+2', '+2'],
    ['2', '+2'],
    ['25', '+25'],
    ['255', '+255'],
    ['22', '+25522'],
    ['254', '+255254'],
    ['+254', '+254'],
    ['  0754 123  ', '+255754123'],
    ['+255754123456', '+255754123456'],
    ['', null],
    ['   ', null],
    ['0754-123', null],
    ['abc', null],
    ['75%', null],
    ['7_5', null],
    ['0754+1', null],
    ['1'.repeat(20), '+2551' + '1'.repeat(19)],
    ['1'.repeat(21), null],
    [' '.repeat(18) + '754', null],
  ])('%j -> %j', (input, expected) => {
    expect(phoneSearchPrefix(input)).toBe(expected);
  });
});
