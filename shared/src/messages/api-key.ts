/** Not worded by the spec: the API key form and validation messages. */
export const API_KEY_MESSAGES = {
  apiKeyRequired: 'An API key is required for this provider',
  baseUrlRequired: 'A base URL is required for a custom provider',
  invalidBaseUrl: 'Enter a valid http(s) URL',
} as const;
