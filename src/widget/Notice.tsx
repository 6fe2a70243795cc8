import { parts } from '../public/parts';
import type { ResultLine } from '../batch/state';
import type { GeneratorConfig } from '../page/config';
import type { NoticeKind } from './notice-kind';
import { MAX_RETRY_DAYS, retryTimeOf, type RetryTime } from '../scim/http/retry-after';

/** The plan card each key-creation link selects: the first is Free, the second Pro. */
export const FREE_PLAN_CARD = 0;
export const PRO_PLAN_CARD = 1;

interface NoticeProps {
  kind: NoticeKind;
  /** The first answer of the batch: its SCIM `detail` (e.g. the plan's limit) and `Retry-After` show. */
  first: ResultLine;
  /** The stored key is no longer the one the batch sent: the notice is out of date. */
  keyChanged: boolean;
  config: GeneratorConfig;
  onPlanLinkClick: (planCard: number) => void;
}

/** A link only where the target is an http(s) URL; otherwise the same words as plain text. */
function SafeLink({ href, children, onClick }: { href: string | null; children: string; onClick?: () => void }) {
  return href ? (
    <a href={href} onClick={onClick}>
      {children}
    </a>
  ) : (
    <>{children}</>
  );
}

function RetryLine({ time, delay, capped }: RetryTime) {
  return (
    <p>
      Try again <time dateTime={new Date(time).toISOString()}>{delay}</time>.
      {capped && ` The server's Retry-After, ${capped}, is further ahead than that: shown capped at ${MAX_RETRY_DAYS} days.`}
    </p>
  );
}

/**
 * The notice that replaces the lines when the first answer is 401 or 429. In the lazy chunk: it
 * shows only once a batch has answered.
 */
export function Notice({ kind, first, keyChanged, config, onPlanLinkClick }: NoticeProps) {
  if (keyChanged) return <KeyChangedNotice />;
  if (kind === 'unauthenticated') {
    // The press sent a key exactly when its first call carried an Authorization header.
    const sentKey = Object.keys(first.request.headers).some((name) => name.toLowerCase() === 'authorization');
    return (
      <div part={parts('notice')} className="notice">
        <p>
          Warning: You are not authenticated. Please get a valid API key <SafeLink href={config.apiKeyUrl}>here</SafeLink>.
        </p>
        <p className="notice-case">{sentKey ? 'The server rejected the stored key.' : 'No API key is stored in this browser.'}</p>
        {first.detail && <p className="server-text">{first.detail}</p>}
      </div>
    );
  }
  const retry = retryTimeOf(first);
  return (
    <div part={parts('notice')} className="notice">
      <p>Rate Limit Exceeded: Your API key has reached its request limit.</p>
      {first.detail && <p className="server-text">{first.detail}</p>}
      {retry && <RetryLine {...retry} />}
      <p className="links">
        <SafeLink href={config.keyCreationUrl} onClick={() => onPlanLinkClick(FREE_PLAN_CARD)}>
          Create a new Free Access key
        </SafeLink>
        <SafeLink href={config.keyCreationUrl} onClick={() => onPlanLinkClick(PRO_PLAN_CARD)}>
          Create a Pro Access key
        </SafeLink>
      </p>
    </div>
  );
}

/** Replaces a 401 or 429 notice once the stored key is no longer the one the press sent. */
function KeyChangedNotice() {
  return (
    <p part={parts('notice')} className="notice key-changed">
      The stored API key has changed since this press. Press the button to try again with it.
    </p>
  );
}
