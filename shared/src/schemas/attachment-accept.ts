/**
 * The file picker's `accept`: the image types, PDF and Word documents, and every text and code
 * extension. Written out so the paperclip does not load the file types' tables (attachment-files,
 * loaded with the first file picked); `attachment-accept.test.ts` checks it equals theirs.
 */
export const ATTACHMENT_FILE_ACCEPT =
  'image/png,image/jpeg,image/gif,image/webp,application/pdf,' +
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document,' +
  '.txt,.text,.log,.md,.markdown,.csv,.tsv,.json,.pdf,.docx,' +
  '.js,.mjs,.cjs,.jsx,.ts,.mts,.cts,.tsx,.py,.rb,.go,.rs,.java,.kt,.kts,.scala,.swift,.c,.h,.cc,' +
  '.cpp,.hpp,.cs,.php,.sh,.bash,.zsh,.ps1,.sql,.r,.lua,.pl,.dart,.ex,.exs,.erl,.hs,.clj,.vue,' +
  '.svelte,.html,.htm,.css,.scss,.less,.xml,.yaml,.yml,.toml,.ini,.cfg,.conf,.properties,.gradle,' +
  '.tf,.graphql,.proto,.diff,.patch';
