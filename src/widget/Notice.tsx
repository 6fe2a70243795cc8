import { parts } from '../parts';
import type { GeneratorConfig } from '../config';

export type NoticeKind = 'unauthenticated' | 'rate-limited';

/** The spec's first-result rule: a first answer of 401 or 429 replaces the lines with a notice. */
export function noticeFor(firstStatus: number | undefined): NoticeKind | null {
  if (firstStatus === 401) return 'unauthenticated';
  if (firstStatus === 429) return 'rate-limited';
  return null;
}

interface NoticeProps {
  kind: NoticeKind;
  config: GeneratorConfig;
  onProClick: () => void;
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

export function Notice({ kind, config, onProClick }: NoticeProps) {
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
      <p className="links">
        <SafeLink href={config.keyCreationUrl}>Create a new Free Access key</SafeLink>
        <SafeLink href={config.keyCreationUrl} onClick={onProClick}>
          Create a Pro Access key
        </SafeLink>
      </p>
    </div>
  );
}
