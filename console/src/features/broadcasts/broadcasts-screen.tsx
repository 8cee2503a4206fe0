import RiCloseLine from 'remixicon/icons/System/close-line.svg?react';
import { Button, Card } from '@tremor/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { ROUTES } from '../../lib/routes.js';
import { useFormDraft } from '../../lib/use-form-draft.js';
import { useAuth } from '../auth/use-auth.js';
import { isRunning, useBroadcastHistory } from './api/get-broadcast-history.js';
import { useBroadcast } from './api/get-broadcast.js';
import { useBroadcastAudience } from './api/get-audience.js';
import { useBotUserSummary } from './api/get-recipients.js';
import { useTemplates } from './api/get-templates.js';
import { useSendBroadcast } from './api/send-broadcast.js';
import { useSendTestMessage } from './api/send-test-message.js';
import { BroadcastDetailDialog } from './components/broadcast-detail-dialog.js';
import { BroadcastHistory } from './components/broadcast-history.js';
import { BroadcastProgress } from './components/broadcast-progress.js';
import { BroadcastStats, type BroadcastFigures } from './components/broadcast-stats.js';
import { ComposeForm } from './components/compose-form.js';
import { StatusBadge } from './components/status-badge.js';
import { TestMessageBox } from './components/test-message-box.js';
import { asLanguageCode, knownLanguages } from './components/language-texts.js';
import type { LanguageCode } from '@contract/languages.js';
import {
  composeFromDraft,
  composeToDraft,
  composeWorthKeeping,
  EMPTY_COMPOSE,
  sendProblem,
  wholeAudience,
  testLanguages,
  testProblem,
  translationsToSend,
  type ComposeState,
} from './compose-state.js';
import { notifyError } from '../../lib/notify.js';
import { useSearchParamsInOrder } from '../../lib/use-search-params-in-order.js';
import { useDialogSubject } from '../../lib/use-dialog-subject.js';

const { headingId: HEADING_ID, title: TITLE, description: DESCRIPTION } = ROUTES.broadcasts.header;
const LIVE_HEADING_ID = 'broadcast-live-heading';
const NOBODY: ReadonlySet<string> = new Set();

/** The Broadcast Messages screen (/messaging/broadcasts) of spec §2.6: admin and super_admin only (the router's RouteGate). */
export function BroadcastsScreen() {
  return <BroadcastComposer />;
}

/** ?templateId=7 (the Templates screen's Send button) opens the form on that template. */
function initialCompose(searchParams: URLSearchParams): ComposeState {
  const templateId = Number(searchParams.get('templateId'));
  return Number.isSafeInteger(templateId) && templateId > 0 ? { ...EMPTY_COMPOSE, type: 'template', templateId } : EMPTY_COMPOSE;
}

function BroadcastComposer() {
  const [searchParams, setSearchParams] = useSearchParamsInOrder();
  const { user } = useAuth();
  // Typed text outlives a session ended mid-sentence. A template asked for by the address (its Send
  // button) is a new broadcast: it opens on that template, not on an older draft.
  const [compose, setCompose, draft] = useFormDraft<ComposeState>({
    userId: user?.id,
    form: 'broadcast-compose',
    initial: initialCompose(searchParams),
    restore: !searchParams.has('templateId'),
    fromStored: composeFromDraft,
    toStored: composeToDraft,
    worthKeeping: composeWorthKeeping,
  });
  const [testUserId, setTestUserId] = useState('');
  /** The language the test goes in; the default language when none is chosen, or the chosen one has no text any more. */
  const [chosenTestLanguage, setChosenTestLanguage] = useState<LanguageCode | null>(null);
  /** The broadcast whose progress the live panel follows: the one just sent, else one still running. */
  const [followedId, setFollowedId] = useState<number | null>(null);
  const [dismissedId, setDismissedId] = useState<number | null>(null);
  const detail = useDialogSubject<number>();
  /** A broadcast to everyone waits for this confirmation, which names how many it reaches. */
  const [confirmingEveryone, setConfirmingEveryone] = useState(false);

  const history = useBroadcastHistory();
  const templates = useTemplates();
  const userSummary = useBotUserSummary();
  // Everyone's audience also carries the default language and the languages offered, whatever the target.
  const everyone = useBroadcastAudience('all', NOBODY);
  const audience = useBroadcastAudience(compose.type, compose.selectedUsers);
  const defaultLanguage = asLanguageCode(everyone.data?.defaultLanguage);
  const languages = defaultLanguage ? { defaultLanguage, offered: knownLanguages(everyone.data?.botLanguages) } : undefined;
  const sendBroadcast = useSendBroadcast();
  const sendTest = useSendTestMessage();

  const activeTemplates = useMemo(() => templates.data?.filter((template) => template.isActive), [templates.data]);
  const testLanguageOptions = languages ? testLanguages(compose, languages, activeTemplates) : [];
  const testLanguage = chosenTestLanguage && testLanguageOptions.includes(chosenTestLanguage) ? chosenTestLanguage : languages?.defaultLanguage;
  const runningId = history.data?.broadcasts.find((broadcast) => isRunning(broadcast.status))?.id ?? null;
  const liveId = followedId ?? (runningId !== dismissedId ? runningId : null);
  const live = useBroadcast(liveId);

  const change = useCallback((changes: Partial<ComposeState>) => setCompose((current) => ({ ...current, ...changes })), []);

  // A template asked for by the address that is inactive or gone is not silently sent; one that is
  // active gives the title its name, as picking it by hand does.
  const fromAddress = useRef(compose.templateId !== null);
  useEffect(() => {
    if (!activeTemplates || compose.templateId === null) return;
    const template = activeTemplates.find((candidate) => candidate.id === compose.templateId);
    if (!template) change({ templateId: null });
    else if (fromAddress.current) setCompose((current) => (current.title.trim() ? current : { ...current, title: template.name }));
    fromAddress.current = false;
  }, [activeTemplates, compose.templateId, change]);

  // When the followed broadcast ends, history's badges and the stats catch up.
  const liveStatus = live.data?.status;
  const refetchHistory = history.refetch;
  useEffect(() => {
    if (liveStatus && !isRunning(liveStatus)) void refetchHistory();
  }, [liveStatus, refetchHistory]);

  const resetForm = () => {
    setCompose(EMPTY_COMPOSE);
    if (searchParams.has('templateId')) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('templateId');
          return next;
        },
        { replace: true },
      );
    }
  };

  const send = () => {
    const problem = sendProblem(compose);
    if (problem) {
      notifyError(problem);
      return;
    }
    // All users and a template both go to every reachable bot user: one click must not do that.
    if (compose.type === 'selected') dispatch();
    else setConfirmingEveryone(true);
  };

  const dispatch = () => {
    const useTemplate = compose.type === 'template' && compose.templateId !== null;
    sendBroadcast.mutate(
      {
        title: compose.title.trim(),
        content: useTemplate ? '' : compose.content,
        translations: translationsToSend(compose),
        targetType: compose.type,
        ...(useTemplate ? { templateId: compose.templateId! } : {}),
        ...(compose.type === 'selected' ? { targetUsers: [...compose.selectedUsers].map(Number) } : {}),
      },
      {
        onSuccess: (broadcast) => {
          resetForm();
          setFollowedId(broadcast.id);
        },
        onSettled: () => setConfirmingEveryone(false),
      },
    );
  };

  const sendTestMessage = () => {
    // Message Content is the default language's text: a test in it needs no other.
    const otherLanguage = testLanguage !== languages?.defaultLanguage ? testLanguage : undefined;
    const problem = testProblem(testUserId, compose, otherLanguage);
    if (problem) {
      notifyError(problem);
      return;
    }
    const useTemplate = compose.type === 'template' && compose.templateId !== null;
    sendTest.mutate({
      userId: testUserId.trim(),
      content: useTemplate ? '' : compose.content,
      ...(useTemplate ? { templateId: compose.templateId! } : {}),
      ...(otherLanguage ? { language: otherLanguage } : {}),
      ...(otherLanguage && !useTemplate ? { translations: { [otherLanguage]: compose.translations[otherLanguage] ?? '' } } : {}),
    });
  };

  const figures: BroadcastFigures = {
    users: userSummary.data?.totalUsers,
    reachableUsers: userSummary.data?.reachableUsers,
    templates: templates.data?.length,
    activeTemplates: activeTemplates?.length,
    broadcasts: history.data?.totals.broadcasts,
    delivered: history.data?.totals.delivered,
    failed: history.data?.totals.failed,
  };

  const chosenTemplate = activeTemplates?.find((template) => template.id === compose.templateId);
  const testDescribes =
    compose.type === 'template'
      ? chosenTemplate
        ? `Sends the template "${chosenTemplate.name}" to one Telegram user now, with their own values.`
        : 'Choose a template above, then send it to one Telegram user to check it.'
      : 'Sends the content above to one Telegram user now, so you can check it before everyone gets it.';

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-6">
      <PageHeader title={TITLE} description={DESCRIPTION} headingId={HEADING_ID} />

      <BroadcastStats figures={figures} />

      {liveId !== null ? (
        <Card className="p-4 sm:p-6">
          <section aria-labelledby={LIVE_HEADING_ID} className="space-y-3">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 id={LIVE_HEADING_ID} className="text-tremor-title font-semibold text-tremor-content-strong">
                  Live Progress
                </h2>
                {live.data ? (
                  <p className="flex flex-wrap items-center gap-2 text-tremor-default text-tremor-content">
                    <span className="[overflow-wrap:anywhere]">{live.data.title}</span>
                    <StatusBadge status={live.data.status} />
                  </p>
                ) : null}
              </div>
              {live.data && !isRunning(live.data.status) ? (
                <Button
                  type="button"
                  size="xs"
                  variant="light"
                  icon={RiCloseLine}
                  aria-label="Dismiss progress"
                  onClick={() => {
                    setDismissedId(liveId);
                    setFollowedId(null);
                  }}
                />
              ) : null}
            </div>
            {live.data ? (
              <>
                <BroadcastProgress broadcast={live.data} />
                <Button type="button" size="xs" variant="light" onClick={() => detail.show(liveId)}>
                  View failed recipients and details
                </Button>
              </>
            ) : live.isError ? (
              <p className="text-tremor-default text-tremor-content">The progress could not be read; it will be tried again.</p>
            ) : (
              <LoadingSpinner label="Loading progress..." />
            )}
          </section>
        </Card>
      ) : null}

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-5">
        <div className="min-w-0 space-y-6 xl:col-span-3">
          <ComposeForm
            state={compose}
            onChange={change}
            templates={activeTemplates}
            templatesError={templates.isError}
            reachableUsers={figures.reachableUsers}
            languages={languages}
            audience={compose.type === 'selected' && compose.selectedUsers.size === 0 ? undefined : audience.data}
            audienceLoading={audience.isFetching}
            sending={sendBroadcast.isPending}
            onSend={send}
            onClear={resetForm}
            restoredDraft={draft.restored ? { onDiscard: draft.discard } : undefined}
          />
          <TestMessageBox
            userId={testUserId}
            onUserIdChange={setTestUserId}
            describes={testDescribes}
            language={testLanguage ? { options: testLanguageOptions, value: testLanguage, onChange: setChosenTestLanguage } : undefined}
            sending={sendTest.isPending}
            onSend={sendTestMessage}
          />
        </div>
        <div className="min-w-0 xl:col-span-2">
          <BroadcastHistory
            broadcasts={history.data?.broadcasts}
            error={history.isError ? history.error : undefined}
            onRetry={() => void history.refetch()}
            onOpen={detail.show}
          />
        </div>
      </div>

      <ConfirmDeleteDialog
        open={confirmingEveryone}
        onClose={() => setConfirmingEveryone(false)}
        title={
          figures.reachableUsers === undefined
            ? 'Send to every active bot user?'
            : `Send to ${wholeAudience(figures.reachableUsers, 'bot user')}?`
        }
        description="The bot starts sending it at once to every active bot user who has not blocked it."
        pending={sendBroadcast.isPending}
        confirmLabel="Send to All"
        pendingLabel="Sending..."
        onConfirm={dispatch}
      />

      <BroadcastDetailDialog id={detail.subject} open={detail.open} onClose={detail.close} />
    </section>
  );
}
