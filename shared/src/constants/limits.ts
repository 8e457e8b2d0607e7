/**
 * The size of everything the API accepts: every string and list a request can carry has a maximum,
 * so nothing reaches storage that it cannot hold (a DynamoDB item stops at 400 KB; KMS encrypts at
 * most 4 KB at once) and oversized input is a 400 with the field's name, never a 500.
 */
export const MAX_ID_LENGTH = 64;
export const MAX_TITLE_LENGTH = 200;
export const MAX_SEARCH_QUERY_LENGTH = 200;
/** `anthropic`, `custom:<keyId>`, ... */
export const MAX_PROVIDER_ID_LENGTH = 100;
export const MAX_MODEL_ID_LENGTH = 200;
export const MAX_URL_LENGTH = 2048;
export const MAX_API_KEY_LENGTH = 1024;
export const MAX_SERVER_NAME_LENGTH = 100;
/** npm names stop at 214 characters; a version range follows. */
export const MAX_PACKAGE_SPEC_LENGTH = 300;
export const MAX_ENV_VARIABLES = 50;
export const MAX_ENV_KEY_LENGTH = 128;
/** The environment values are encrypted as one JSON document. */
export const MAX_ENV_JSON_BYTES = 4000;
/** A remote MCP server's static headers (an API key), encrypted as one JSON document like the env. */
export const MAX_REMOTE_HEADERS = 20;
/** Messages a new conversation may bring along (an import), and their total size as JSON. */
export const MAX_INITIAL_MESSAGES = 100;
export const MAX_INITIAL_MESSAGES_JSON_CHARS = 300_000;

/** Memory (docs/decisions/chat.md, "Memory"): at most this many facts per user, each this long. */
export const MAX_MEMORY_FACTS = 50;
export const MAX_MEMORY_FACT_LENGTH = 300;
