/**
 * Operator details shown in the legal notice, the privacy policy and contact links.
 * PLACEHOLDER DATA: replace with the real company before going live (the legal pages mark it as such).
 */
export const COMPANY = {
  name: 'Raumwerk GmbH',
  street: 'Musterstraße 1',
  postalCode: '10115',
  city: 'Berlin',
  country: { de: 'Deutschland', en: 'Germany' },
  managingDirector: 'Max Mustermann',
  register: 'Amtsgericht Berlin-Charlottenburg, HRB 000000',
  vatId: 'DE000000000',
  phone: '+49 30 0000000',
  email: 'hallo@raumwerk.example',
  salesEmail: 'sales@raumwerk.example',
  privacyEmail: 'datenschutz@raumwerk.example',
} as const;

/** German value-added tax on the net prices of contract/plans.ts. */
export const GERMAN_VAT_RATE = 0.19;
