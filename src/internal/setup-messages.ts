import type { ErrorCode } from './errors.js';
import { en } from '../i18n/en.js';

/**
 * What the site owner reads when the embed is set up wrong, from the English catalogue.
 * Listeners of a working embed never see these, so they are an on-demand chunk, loaded with
 * the first such error.
 */
export const setupMessages: Partial<Record<ErrorCode, string>> = en;
