import { useCallback, useEffect, useRef, useState } from 'react';
import {
  addStats,
  BOT_LOGS_POLL_INTERVAL_MS,
  type BotLog,
  type BotLogFilter,
  type BotLogListResponse,
  type BotLogStats,
} from '@contract/bot-logs.js';
import { notifyError } from '../../lib/notify.js';
import { getBotLogs, useBotLogsFirstPage } from './api/get-bot-logs.js';

/** What the screen shows: the rows loaded so far and the counts over everything matching. */
interface LogFeed {
  items: BotLog[];
  total: number;
  stats: BotLogStats;
  /** The newest id covered; the auto-refresh asks for rows after it. */
  newestId: number;
  nextBefore: number | null;
}

/** Rows kept on screen while the auto-refresh adds new ones; the oldest beyond it are let go. */
const MAX_SHOWN_ROWS = 1000;
const NO_STATS: BotLogStats = { successful: 0, warnings: 0, errors: 0 };

function feedOf(page: BotLogListResponse): LogFeed {
  return { items: page.items, total: page.total ?? 0, stats: page.stats ?? NO_STATS, newestId: page.newestId, nextBefore: page.nextBefore };
}

/** Adds the rows an auto-refresh found to the top, and their counts to the cards. */
function withNewer(feed: LogFeed, page: BotLogListResponse): LogFeed {
  const items = [...page.items, ...feed.items];
  const kept = items.slice(0, MAX_SHOWN_ROWS);
  return {
    items: kept,
    total: feed.total + (page.total ?? 0),
    stats: addStats(feed.stats, page.stats ?? NO_STATS),
    newestId: page.newestId,
    nextBefore: kept.length < items.length ? kept.at(-1)!.id : feed.nextBefore,
  };
}

/**
 * The log list of the Bot Logs screen: the newest page with counts over the whole filter, older
 * pages on request, and — while `autoRefresh` is on — every 5 seconds only the rows newer than
 * the newest shown, so polling stays cheap however many rows there are.
 */
export function useLogFeed(filter: BotLogFilter, autoRefresh: boolean, enabled = true) {
  const firstPage = useBotLogsFirstPage(filter, { enabled });
  const [feed, setFeed] = useState<LogFeed | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [refreshFailed, setRefreshFailed] = useState(false);
  const [polls, setPolls] = useState(0);
  const feedRef = useRef(feed);
  feedRef.current = feed;
  // Answers to requests made for an earlier first page (another filter, before a reload) are dropped.
  const generation = useRef(0);

  useEffect(() => {
    generation.current += 1;
    setFeed(firstPage.data ? feedOf(firstPage.data) : null);
  }, [firstPage.data]);

  const { refetch } = firstPage;
  const loaded = feed !== null;
  useEffect(() => {
    if (!autoRefresh || !loaded) return undefined;
    const timer = setTimeout(async () => {
      const current = feedRef.current;
      const started = generation.current;
      try {
        // A hidden tab has no one to show new rows to.
        if (!current || document.hidden) return;
        const page = await getBotLogs(filter, { after: current.newestId });
        if (started !== generation.current) return;
        setRefreshFailed(false);
        // More arrived than one page holds: start again from the newest rather than leave a gap.
        if ((page.total ?? 0) > page.items.length) void refetch();
        else if (page.items.length > 0) setFeed((shown) => shown && withNewer(shown, page));
      } catch {
        if (started === generation.current) setRefreshFailed(true);
      } finally {
        setPolls((count) => count + 1);
      }
    }, BOT_LOGS_POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [autoRefresh, filter, refetch, polls, loaded]);

  const loadMore = useCallback(async () => {
    const before = feedRef.current?.nextBefore;
    if (!before) return;
    const started = generation.current;
    setLoadingMore(true);
    try {
      const page = await getBotLogs(filter, { before });
      if (started === generation.current) setFeed((shown) => shown && { ...shown, items: [...shown.items, ...page.items], nextBefore: page.nextBefore });
    } catch {
      notifyError('Error', 'Failed to load more logs');
    } finally {
      setLoadingMore(false);
    }
  }, [filter]);

  // A filter the API would refuse is not asked for, not even by the Refresh button.
  return { firstPage, feed, loadMore, loadingMore, refreshFailed, reload: () => void (enabled && refetch()) };
}
