import { useId, useState, useSyncExternalStore } from 'react';
import type { GeneratorConfig } from '../page/config';
import { emailDomainFor, storeEmailDomain, storedEmailDomain, subscribeEmailDomains } from '../page/email-domains';
import { parts } from '../public/parts';
import { Message } from './Message';
import { parseEmailDomain } from '../scim/records/email-domain';
import styles from './email-domain.css?inline';

/**
 * The e-mail domain of the users' userNames and e-mails (issue 52): the reader's own, kept for this
 * base URL, else the page's `email-domain`, else the examples' reserved domains. The reader sets it
 * once, or clears it; a value that is not a domain name is named and not kept. A page's that is not
 * one is named below the disclosure until the reader sets their own: a press would send nothing.
 */
export function EmailDomain({ config }: { config: Pick<GeneratorConfig, 'baseUrl' | 'emailDomain'> }) {
  const { baseUrl } = config;
  const own = useSyncExternalStore(subscribeEmailDomains, () => storedEmailDomain(baseUrl));
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const inputId = useId();
  const problemId = useId();
  const keep = (domain: string | undefined) => {
    const kept = storeEmailDomain(baseUrl, domain);
    setProblem(kept ? undefined : "This browser does not let the page keep it (its storage is off), so it is not used.");
    if (kept) setDraft('');
  };
  // Read again at each render (own's changes render it): what a press would use.
  const used = emailDomainFor(config);
  const shown =
    'problem' in used
      ? "none (this page's is not a domain name)"
      : own
        ? `${own} (yours)`
        : used.domain
          ? `${used.domain} (this page's default)`
          : 'none set (example.com, example.net, example.org)';

  return (
    <>
      <details part={parts('email-domain')} className="email-domain">
        <style>{styles}</style>
        <summary>E-mail domain: {shown}</summary>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = parseEmailDomain(draft);
            if ('problem' in parsed) setProblem(`${parsed.problem}. It is not used.`);
            else keep(parsed.domain);
          }}
        >
          <label htmlFor={inputId}>Your domain for {baseUrl}</label>
          <input
            id={inputId}
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="acme.test"
            value={draft}
            aria-invalid={problem !== undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit">Use</button>
          {own && (
            <button type="button" onClick={() => keep(undefined)}>
              Clear
            </button>
          )}
          {problem && (
            <p role="alert" id={problemId} className="message">
              {problem}
            </p>
          )}
        </form>
      </details>
      {'problem' in used && <Message>{used.problem}</Message>}
    </>
  );
}
