/**
 * What the site owner reads when the embed is set up wrong (English; other languages carry
 * these words in their own chunk), and how it looks: a listener of a working embed never sees
 * either, so they are an on-demand chunk, loaded with the first such error.
 */
export { enSetup as setupMessages } from '../i18n/en.js';

export { styles } from './setup-messages.styles.js';
