import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig, publicConfig } from '../config.js';
import { warnAboutMissingOperatorSettings } from './operator.js';

const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rw-operator-')), SESSION_SECRET: 'x'.repeat(32) });
const configured = {
  COMPANY_NAME: 'Wohnbild GmbH',
  COMPANY_ADDRESS: 'Hafenstraße 7, 20459 Hamburg, Deutschland',
  COMPANY_REPRESENTATIVE: 'Erika Muster',
  COMPANY_REGISTER: 'Amtsgericht Hamburg, HRB 123456',
  COMPANY_VAT_ID: 'DE123456789',
  COMPANY_EMAIL: 'kontakt@wohnbild.example',
};

describe('the operator details of the legal notice (decision 028)', () => {
  it('a production start without them logs one warning naming every missing setting', () => {
    const warn = vi.fn();
    const config = loadConfig({ ...base(), NODE_ENV: 'production', COMPANY_NAME: 'Wohnbild GmbH', COMPANY_VAT_ID: 'DE123456789' });
    warnAboutMissingOperatorSettings(config, { warn });
    expect(warn).toHaveBeenCalledTimes(1);
    const message = warn.mock.calls[0][0] as string;
    expect(message).toContain('COMPANY_ADDRESS, COMPANY_REPRESENTATIVE, COMPANY_REGISTER, COMPANY_EMAIL');
    expect(message).not.toContain('COMPANY_NAME');
    expect(message).not.toContain('COMPANY_VAT_ID');
  });

  it('stays quiet when production has them all, and in development', () => {
    const warn = vi.fn();
    warnAboutMissingOperatorSettings(loadConfig({ ...base(), NODE_ENV: 'production', ...configured }), { warn });
    warnAboutMissingOperatorSettings(loadConfig({ ...base(), NODE_ENV: 'development' }), { warn });
    expect(warn).not.toHaveBeenCalled();
  });

  it('GET /api/config carries the configured values; the privacy address defaults to the contact address', () => {
    const { operator } = publicConfig(loadConfig({ ...base(), NODE_ENV: 'production', ...configured, SALES_EMAIL: 'sales@wohnbild.example' }));
    expect(operator).toEqual({
      name: 'Wohnbild GmbH',
      address: 'Hafenstraße 7, 20459 Hamburg, Deutschland',
      representative: 'Erika Muster',
      register: 'Amtsgericht Hamburg, HRB 123456',
      vatId: 'DE123456789',
      email: 'kontakt@wohnbild.example',
      phone: null,
      privacyEmail: 'kontakt@wohnbild.example',
      salesEmail: 'sales@wohnbild.example',
      placeholder: false,
    });
  });

  it('placeholders appear only in development; production leaves a missing value out', () => {
    const development = publicConfig(loadConfig({ ...base(), NODE_ENV: 'development', COMPANY_NAME: 'Wohnbild GmbH' })).operator;
    expect(development.name).toBe('Wohnbild GmbH');
    expect(development.address).toMatch(/Musterstraße/);
    expect(development.placeholder).toBe(true);
    const production = publicConfig(loadConfig({ ...base(), NODE_ENV: 'production', COMPANY_NAME: 'Wohnbild GmbH' })).operator;
    expect(production).toMatchObject({ name: 'Wohnbild GmbH', address: null, email: null, placeholder: false });
  });

  it('refuses a contact address that is not an e-mail address', () => {
    expect(() => loadConfig({ ...base(), COMPANY_EMAIL: 'not-an-address' })).toThrow(/COMPANY_EMAIL must be an e-mail address/);
  });
});
