// A webhook as the Webhooks view and the webhook forms read it (the forms' bodies are in commands/admin/webhookModel.ts).

export interface HookSource {
  id: number;
  type?: string | null;
  name?: string | null;
  active?: boolean | null;
  events?: string[] | null;
  branch_filter?: string | null;
  config?: Record<string, string> | null;
}

/** One line for a hook: its target URL, or its type when the config has none. */
export function hookTarget(hook: HookSource): string {
  return hook.config?.url || hook.name || hook.type || `#${hook.id}`;
}
