/** An i18n key under `errors.` of the trade namespace, with its values (decimals as plain text). */
export interface FieldError {
  key: string;
  values?: Record<string, string>;
}
