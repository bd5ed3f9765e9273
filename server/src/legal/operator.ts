import type { OperatorDetails } from '../../../contract/public-config.js';
import type { AppConfig } from '../config.js';

/** The operator settings the legal notice needs (decision 028), with the placeholder shown in development. */
const FIELDS = [
  { variable: 'COMPANY_NAME', field: 'name', placeholder: 'Raumwerk GmbH (placeholder)' },
  { variable: 'COMPANY_ADDRESS', field: 'address', placeholder: 'Musterstraße 1, 10115 Berlin, Germany' },
  { variable: 'COMPANY_REPRESENTATIVE', field: 'representative', placeholder: 'Max Mustermann' },
  { variable: 'COMPANY_REGISTER', field: 'register', placeholder: 'Amtsgericht Berlin-Charlottenburg, HRB 000000' },
  { variable: 'COMPANY_VAT_ID', field: 'vatId', placeholder: 'DE000000000' },
  { variable: 'COMPANY_EMAIL', field: 'email', placeholder: 'hello@raumwerk.example' },
] as const;

type OperatorConfig = Pick<AppConfig, 'NODE_ENV' | 'COMPANY_PHONE' | 'PRIVACY_EMAIL' | 'SALES_EMAIL' | (typeof FIELDS)[number]['variable']>;

/** The settings a production start lacks (named in one warning at start). */
export function missingOperatorSettings(config: OperatorConfig): string[] {
  return FIELDS.filter(({ variable }) => !config[variable]).map(({ variable }) => variable);
}

/** What GET /api/config says about the operator: configured values; placeholders only outside production. */
export function operatorDetails(config: OperatorConfig): OperatorDetails {
  const production = config.NODE_ENV === 'production';
  let placeholder = false;
  const value = ({ variable, placeholder: example }: (typeof FIELDS)[number]): string | null => {
    const configured = config[variable];
    if (configured) return configured;
    if (production) return null;
    placeholder = true;
    return example;
  };
  const [name, address, representative, register, vatId, email] = FIELDS.map(value);
  return {
    name,
    address,
    representative,
    register,
    vatId,
    email,
    phone: config.COMPANY_PHONE ?? null,
    privacyEmail: config.PRIVACY_EMAIL ?? email,
    salesEmail: config.SALES_EMAIL ?? null,
    placeholder,
  };
}

/** A production start without the operator's details logs one warning naming every missing setting. */
export function warnAboutMissingOperatorSettings(config: OperatorConfig, log: { warn(message: string): void }): void {
  if (config.NODE_ENV !== 'production') return;
  const missing = missingOperatorSettings(config);
  if (!missing.length) return;
  log.warn(
    `The legal notice lacks the operator's details: set ${missing.join(', ')} (docs/operations.md). ` +
      'Until then the legal notice and privacy policy leave these lines out.',
  );
}
