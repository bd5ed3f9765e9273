import { z } from 'zod';

/**
 * Free text typed by users. It is stored in PostgreSQL (whose text type refuses NUL), copied into
 * job payloads (jsonb refuses \u0000 as well) and shown in headers and file names, so:
 * single-line fields (names, titles, style names) refuse every C0/C1 control character, line
 * breaks included; multi-line fields (style description, instructions) allow tab and line breaks
 * only. Format characters (bidi marks, zero-width joiners) belong to many scripts and are kept
 * verbatim; the web app renders every text as text.
 */
const SINGLE_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/;
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;
const CONTROL_CHARACTERS = { message: 'Please remove control characters (such as line breaks or NUL) from this text.' };

/** Trimmed, at most `max` characters, no control characters. */
export function singleLineText(max: number) {
  return z.string().trim().max(max).regex(SINGLE_LINE, CONTROL_CHARACTERS);
}

/** Trimmed, at most `max` characters, no control characters except tab and line breaks. */
export function multiLineText(max: number) {
  return z.string().trim().max(max).regex(MULTI_LINE, CONTROL_CHARACTERS);
}

/**
 * An opaque token from a link or a previous answer (page cursors): base64url characters only, so NUL
 * and every other byte PostgreSQL would choke on are refused here, before any decoding.
 */
export function opaqueToken(max: number) {
  return z.string().max(max).regex(/^[A-Za-z0-9_-]*$/, { message: 'This value is not valid.' });
}
