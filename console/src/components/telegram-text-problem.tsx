import { telegramTextProblem } from '@contract/message-templates.js';

/**
 * Why the bot could not send this template or broadcast text (HTML Telegram refuses, or too long with
 * every placeholder at its longest; for a broadcast, `check` adds a placeholder it cannot fill), checked as
 * staff type by the very check the server refuses it with.
 */
export function TelegramTextProblem({ content, check = telegramTextProblem }: { content: string; check?: (content: string) => string | undefined }) {
  const problem = content.trim() ? check(content) : undefined;
  if (!problem) return null;
  return (
    <p role="alert" className="mt-1.5 rounded-tremor-default border border-red-300 bg-red-50 p-2 text-tremor-label text-red-700">
      {problem}
    </p>
  );
}
