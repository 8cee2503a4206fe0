import RiPlugLine from 'remixicon/icons/Others/plug-line.svg?react';
import { Button, Card } from '@tremor/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { SandboxButton, SandboxGroup, SandboxLocation, SandboxMessage, SandboxUser } from '@contract/bot-sandbox.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { errorMessage } from '../../lib/api-client.js';
import { ROUTES } from '../../lib/routes.js';
import { useChangeGroupMembership } from './api/change-group-membership.js';
import { useChatMessages } from './api/get-chat-messages.js';
import { useSandboxGroups } from './api/get-sandbox-groups.js';
import { useSandboxStatus } from './api/get-sandbox-status.js';
import { useSandboxUsers } from './api/get-sandbox-users.js';
import { usePressSandboxButton } from './api/press-sandbox-button.js';
import { useChooseInlineResult } from './api/choose-inline-result.js';
import { useSendSandboxMessage } from './api/send-sandbox-message.js';
import { useSetSandboxUserLanguage } from './api/set-sandbox-user-language.js';
import { LanguageSelect } from './components/language-select.js';
import { ChatView, messageSnippet, type PendingMessage } from './components/chat-view.js';
import { Composer, type ReplyTarget } from './components/composer.js';
import { InlineResults } from './components/inline-results.js';
import { LocationForm } from './components/location-form.js';
import { currentReplyKeyboard, ReplyKeyboard, type ReplyKeyboardButton } from './components/reply-keyboard.js';
import { MiniAppFrame } from './components/mini-app-frame.js';
import { localMiniAppPath } from './telegram-web-app.js';
import { isMemberOf, UserGroups } from './components/user-groups.js';
import { userLabel, UserPicker } from './components/user-picker.js';
import { useSearchParamsInOrder } from '../../lib/use-search-params-in-order.js';

const HEADER = ROUTES.botSandbox.header;

/** The Bot Sandbox (/bot-sandbox): chat with the bot as a simulated Telegram user (editors and up, the router's RouteGate). */
export function BotSandboxScreen() {
  return (
    <section aria-labelledby={HEADER.headingId} className="space-y-6">
      <PageHeader {...HEADER} />
      <SandboxGate />
    </section>
  );
}

function Notice({ title, children, icon }: { title: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <Card className="border-l-4 border-amber-500">
      <div className="flex gap-3">
        {icon}
        <div>
          <h2 className="font-semibold text-tremor-content-strong">{title}</h2>
          <p className="mt-1 text-tremor-default text-tremor-content">{children}</p>
        </div>
      </div>
    </Card>
  );
}

function Retry({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <ErrorAlert title={title} detail={errorMessage(error, 'Check your connection and try again.')} />
      <Button type="button" variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function SandboxGate() {
  const status = useSandboxStatus();
  if (status.isPending) return <LoadingSpinner label="Checking the bot's connection..." />;
  if (status.isError) return <Retry title="Could not reach the Bot Sandbox" error={status.error} onRetry={() => void status.refetch()} />;
  if (!status.data.available) {
    return (
      <Notice title="The bot is connected to Telegram" icon={<RiPlugLine className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden="true" />}>
        <span className="block">{status.data.reason ?? 'The sandbox works only with the built-in simulator.'}</span>
        <span className="mt-1 block">
          Talk to the bot in Telegram itself, or start the product without BOT_TOKEN to use the sandbox.
        </span>
      </Notice>
    );
  }
  return <Sandbox botUsername={status.data.botUsername} />;
}

function Panel({ title, actions, children, className = '' }: { title: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <Card className={`p-4 sm:p-6 ${className}`}>
      <section aria-labelledby={headingId}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
            {title}
          </h2>
          {actions}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** The chosen user and chat live in the address, so a sandbox conversation can be linked to. */
function useSelection() {
  const [params, setParams] = useSearchParamsInOrder();
  const number = (name: string) => {
    const value = Number(params.get(name));
    return Number.isSafeInteger(value) && value !== 0 ? value : undefined;
  };
  return {
    userId: number('user'),
    chatId: number('chat'),
    select(userId: number, chatId?: number) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('user', String(userId));
          if (chatId === undefined || chatId === userId) next.delete('chat');
          else next.set('chat', String(chatId));
          return next;
        },
        { replace: true },
      );
    },
  };
}

function Sandbox({ botUsername }: { botUsername: string | undefined }) {
  const users = useSandboxUsers();
  const groups = useSandboxGroups();
  const selection = useSelection();
  const changeMembership = useChangeGroupMembership();
  const setLanguage = useSetSandboxUserLanguage();

  const user = users.data?.find((candidate) => candidate.id === selection.userId);
  const memberGroups = user ? (groups.data ?? []).filter((group) => isMemberOf(group, user.id)) : [];
  // A group chat the user is no longer in falls back to their private chat.
  const chatId = user && memberGroups.some((group) => group.id === selection.chatId) ? selection.chatId! : user?.id;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(20rem,24rem)_minmax(0,1fr)]">
      <div className="space-y-6">
        <Panel title="User">
          {users.isPending ? (
            <LoadingSpinner label="Loading simulated users..." />
          ) : users.isError ? (
            <Retry title="Could not load the simulated users" error={users.error} onRetry={() => void users.refetch()} />
          ) : (
            <div className="space-y-4">
              <UserPicker users={users.data} selectedId={user?.id} onSelect={(picked) => selection.select(picked.id)} />
              {user ? (
                <LanguageSelect
                  value={user.languageCode ?? ''}
                  disabled={setLanguage.isPending}
                  onChange={(languageCode) => setLanguage.mutate({ userId: user.id, languageCode })}
                  hint={`What ${user.firstName}'s Telegram app reports; the bot answers in it when it has it, unless they chose a language with /language.`}
                />
              ) : null}
            </div>
          )}
        </Panel>
        <Panel title="Groups">
          {!user ? (
            <p className="text-tremor-default text-tremor-content">Pick a user to see and change their groups.</p>
          ) : groups.isPending ? (
            <LoadingSpinner label="Loading groups..." />
          ) : groups.isError ? (
            <Retry title="Could not load the groups" error={groups.error} onRetry={() => void groups.refetch()} />
          ) : (
            <UserGroups
              user={user}
              groups={groups.data}
              changing={changeMembership.isPending ? changeMembership.variables : undefined}
              onChange={(change) => changeMembership.mutate(change)}
            />
          )}
        </Panel>
      </div>

      <div className="min-w-0 space-y-6">
        {user && chatId !== undefined ? (
          <Conversation
            user={user}
            chatId={chatId}
            groups={memberGroups}
            onChatChange={(next) => selection.select(user.id, next)}
            botUsername={botUsername}
          />
        ) : (
          <Panel title="Chat">
            <p className="rounded-tremor-default border border-dashed border-tremor-border p-8 text-center text-tremor-default text-tremor-content">
              {selection.userId !== undefined && users.isSuccess
                ? `There is no simulated user ${selection.userId}. Pick another user or create one.`
                : 'Pick a user, or create one, to start chatting with the bot.'}
            </p>
          </Panel>
        )}
      </div>
    </div>
  );
}

interface ConversationProps {
  user: SandboxUser;
  chatId: number;
  groups: SandboxGroup[];
  onChatChange: (chatId: number) => void;
  botUsername: string | undefined;
}

/** Where the user is, as their phone would share it: the location they last sent in this chat. */
function lastLocationOf(userId: number, messages: SandboxMessage[]): SandboxLocation | undefined {
  return messages.findLast((message) => message.from.id === userId && message.location !== null)?.location ?? undefined;
}

function Conversation({ user, chatId, groups, onChatChange, botUsername }: ConversationProps) {
  const chatHeadingId = useId();
  const selectId = useId();
  const messages = useChatMessages(chatId);
  const send = useSendSandboxMessage();
  const press = usePressSandboxButton();
  const choose = useChooseInlineResult();
  const inGroup = chatId !== user.id;
  const target = inGroup ? { chatId } : {};
  const busy = send.isPending || press.isPending || choose.isPending;
  const reply = useReplyTarget(chatId, messages.data ?? []);
  const replyKeyboard = currentReplyKeyboard(messages.data ?? []);
  const [noLocation, setNoLocation] = useState(false);

  const pending: PendingMessage | undefined =
    send.isPending && send.variables && (send.variables.chatId ?? send.variables.userId) === chatId
      ? { text: send.variables.text, location: send.variables.location }
      : undefined;

  function onPress(message: SandboxMessage, button: SandboxButton) {
    if (button.callbackData === undefined) return;
    press.mutate({ userId: user.id, chatId, messageId: message.messageId, data: button.callbackData });
  }

  function onReplyKeyboard(button: ReplyKeyboardButton) {
    if (!button.requestLocation) {
      send.mutate({ userId: user.id, ...target, text: button.text });
      return;
    }
    const location = lastLocationOf(user.id, messages.data ?? []);
    setNoLocation(location === undefined);
    if (location) send.mutate({ userId: user.id, ...target, location });
  }

  const [miniApp, setMiniApp] = useState<string>();
  // Telegram's location request answers with where the user is: here, the last location they sent the bot.
  const lastLocation = lastLocationOf(user.id, messages.data ?? []);
  const miniAppPanel = useRef<HTMLDivElement>(null);
  // Below 1700 px the frame stands under the chat (beside it the chat would be too narrow to read): bring it into view.
  useEffect(() => {
    if (miniApp) miniAppPanel.current?.scrollIntoView({ block: 'nearest' });
  }, [miniApp]);

  const chatName = inGroup ? (groups.find((group) => group.id === chatId)?.title ?? `Group ${chatId}`) : `Private chat with ${userLabel(user)}`;

  return (
    <div className={miniApp ? 'grid gap-6 min-[1700px]:grid-cols-[minmax(0,1fr)_auto]' : ''}>
      <div className="min-w-0 space-y-6">
      <Panel
        title="Chat"
        actions={
          <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto sm:flex-nowrap">
            {inGroup ? null : (
              // On its own line on a phone, so the chat select keeps its width.
              <Button type="button" variant="secondary" size="xs" className="basis-full sm:basis-auto sm:shrink-0" onClick={() => setMiniApp(miniAppPathAt(lastLocation))}>
                🗺 Open Map
              </Button>
            )}
            <label htmlFor={selectId} className="shrink-0 text-tremor-default text-tremor-content">
              Chat
            </label>
            <select
              id={selectId}
              value={chatId}
              onChange={(event) => onChatChange(Number(event.target.value))}
              className="min-w-0 flex-1 rounded-tremor-default border-tremor-border py-1.5 pl-3 pr-8 text-tremor-default text-tremor-content-strong shadow-tremor-input focus:border-tremor-brand-subtle focus:ring-tremor-brand-muted sm:w-80"
            >
              <option value={user.id}>Private chat with {userLabel(user)}</option>
              {groups.map((group) => (
                <option key={group.id} value={group.id}>
                  Group: {group.title}
                </option>
              ))}
            </select>
          </div>
        }
      >
        <h3 id={chatHeadingId} className="sr-only">
          Conversation: {chatName}
        </h3>
        <div className="space-y-3">
          {messages.isPending ? (
            <LoadingSpinner label="Loading the chat..." />
          ) : messages.isError ? (
            <Retry title="Could not load the chat" error={messages.error} onRetry={() => void messages.refetch()} />
          ) : (
            <ChatView
              messages={messages.data}
              pending={pending}
              pressing={press.isPending && press.variables ? `${press.variables.messageId}:${press.variables.data}` : undefined}
              onPress={onPress}
              // A web_app button (🗺 Map) opens the Mini App in the phone frame beside the chat, as Telegram would.
              onOpenWebApp={(url) => setMiniApp(localMiniAppPath(url))}
              onReply={reply.choose}
              labelledBy={chatHeadingId}
              emptyText={
                inGroup
                  ? `No messages in ${chatName} yet. Say something, or send /help.`
                  : `No messages yet. Press /start to greet the bot as ${user.firstName}.`
              }
            />
          )}
          {replyKeyboard ? (
            <ReplyKeyboard
              rows={replyKeyboard}
              disabled={busy}
              onPress={onReplyKeyboard}
              hint={noLocation ? `Send ${user.firstName}'s location once with Send location below: this button then shares it again, as a phone shares where it is.` : undefined}
            />
          ) : null}
          <Composer
            disabled={busy}
            onSend={(text) => {
              send.mutate({ userId: user.id, ...target, text, ...(reply.message && { replyToMessageId: reply.message.messageId }) });
              reply.clear();
            }}
            mention={inGroup ? botUsername : undefined}
            botUsername={botUsername}
            inlineResults={(query, clear) =>
              botUsername ? (
                <InlineResults
                  botUsername={botUsername}
                  userId={user.id}
                  userName={user.firstName}
                  {...target}
                  query={query}
                  choosing={choose.isPending}
                  onChoose={(answer, result) => choose.mutate({ userId: user.id, ...target, inlineQueryId: answer.inlineQueryId, resultId: result.id }, { onSuccess: clear })}
                  // Telegram's button above the results opens the private chat with /start and the bot's parameter.
                  onStart={(parameter) => {
                    clear();
                    onChatChange(user.id);
                    send.mutate({ userId: user.id, text: `/start ${parameter}` });
                  }}
                />
              ) : null
            }
            replyTo={reply.target}
            onCancelReply={reply.clear}
          />
        </div>
      </Panel>
      <Panel title="Send location">
        <LocationForm
          disabled={busy}
          onSend={(location) => {
            setNoLocation(false);
            send.mutate({ userId: user.id, ...target, location });
          }}
        />
      </Panel>
      </div>
      {miniApp ? (
        <div ref={miniAppPanel}>
          <Panel title="Mini App">
            <MiniAppFrame key={`${user.id}:${miniApp}`} user={user} path={miniApp} location={lastLocation} onClose={() => setMiniApp(undefined)} />
          </Panel>
        </div>
      ) : null}
    </div>
  );
}

/** The Mini App on the user's last point, as the bot's Map button opens it on an answer's point. */
function miniAppPathAt(point: { latitude: number; longitude: number } | undefined): string {
  return localMiniAppPath(point ? `?latitude=${point.latitude.toFixed(5)}&longitude=${point.longitude.toFixed(5)}` : '');
}

/**
 * The message the next text replies to: one the user chose, or else the bot's newest message when it
 * asked for a reply (ForceReply), as a Telegram app offers it, until the user cancels it.
 */
function useReplyTarget(chatId: number, messages: SandboxMessage[]) {
  const [chosen, setChosen] = useState<{ chatId: number; messageId: number }>();
  const [dismissedPrompt, setDismissedPrompt] = useState<number>();
  const latest = messages.at(-1);
  const prompt = latest?.from.isBot && latest.forceReply && latest.messageId !== dismissedPrompt ? latest : undefined;
  const picked = chosen?.chatId === chatId ? messages.find((message) => message.messageId === chosen.messageId) : undefined;
  const message = picked ?? prompt;
  const target: ReplyTarget | undefined = message && {
    author: message.from.firstName,
    snippet: messageSnippet(message),
    ...(message.forceReply?.placeholder && { placeholder: message.forceReply.placeholder }),
  };
  return {
    message,
    target,
    choose: (picked: SandboxMessage) => setChosen({ chatId, messageId: picked.messageId }),
    /** After the reply is sent, or when the user cancels it. */
    clear() {
      setChosen(undefined);
      if (prompt) setDismissedPrompt(prompt.messageId);
    },
  };
}
