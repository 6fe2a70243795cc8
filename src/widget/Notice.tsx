import { parts } from '../parts';
import type { GeneratorConfig } from '../config';

export type NoticeKind = 'unauthenticated' | 'rate-limited';

/** The spec's first-result rule: a first answer of 401 or 429 replaces the lines with a notice. */
export function noticeFor(firstStatus: number | undefined): NoticeKind | null {
  if (firstStatus === 401) return 'unauthenticated';
  if (firstStatus === 429) return 'rate-limited';
  return null;
}

/** The plan card each key-creation link selects: the first is Free, the second Pro. */
export const FREE_PLAN_CARD = 0;
export const PRO_PLAN_CARD = 1;

interface NoticeProps {
  kind: NoticeKind;
  config: GeneratorConfig;
  /** The server's SCIM error `detail` in the first answer, e.g. the limit of the plan. */
  detail?: string;
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

export function Notice({ kind, config, detail, onPlanLinkClick }: NoticeProps) {
  if (kind === 'unauthenticated') {
    return (
      <p part={parts('notice')} className="notice">
        Warning: You are not authenticated. Please get a valid API key{' '}
        <SafeLink href={config.apiKeyUrl}>here</SafeLink>.
      </p>
    );
  }
  return (
    <div part={parts('notice')} className="notice">
      <p>Rate Limit Exceeded: Your API key has reached its request limit.</p>
      {detail && <p>{detail}</p>}
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
export function KeyChangedNotice() {
  return (
    <p part={parts('notice')} className="notice key-changed">
      The stored API key has changed since this press. Press the button to try again with it.
    </p>
  );
}
