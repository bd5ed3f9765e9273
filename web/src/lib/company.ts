/** German value-added tax on the net prices of contract/plans.ts. */
export const GERMAN_VAT_RATE = 0.19;
