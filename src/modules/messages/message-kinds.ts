/** What a message is about: workflow events (task, result, urge, copy), notices and system notes. */
export const MESSAGE_KINDS = ['task', 'result', 'urge', 'copy', 'notice', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
