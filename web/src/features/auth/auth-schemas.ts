import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@contract/limits';

// Messages are translation keys of the `common` namespace; the forms show them translated.
export const emailField = z.string().trim().min(1, 'auth.invalidEmail').pipe(z.email('auth.invalidEmail'));
/** A password being chosen: the same rule on sign-up, reset and change. */
export const newPasswordField = z.string().min(PASSWORD_MIN_LENGTH, 'auth.passwordTooShort').max(256);
