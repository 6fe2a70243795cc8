import { describe, expect, it, vi } from 'vitest';
import { PLANS_PATH, showPlanLimits } from './plans';

describe('showPlanLimits', () => {
  function page() {
    const root = document.createElement('div');
    root.innerHTML = '<span data-plan-limit="free"></span><span data-plan-limit="pro"></span>';
    return root;
  }

  it('writes each plan limit the server reports', async () => {
    const root = page();
    const fetchJson = vi.fn(async () => Response.json({ free: 50, pro: 1000, windowMs: 900_000 }));
    await expect(showPlanLimits(root, fetchJson)).resolves.toEqual({ free: 50, pro: 1000, windowMs: 900_000 });
    expect(fetchJson).toHaveBeenCalledWith(PLANS_PATH);
    expect([...root.children].map((element) => element.textContent)).toEqual([
      '50 requests per 15 minutes',
      '1000 requests per 15 minutes',
    ]);
  });

  it('says the limit is unknown when the server fails or answers nonsense', async () => {
    for (const fetchJson of [
      async () => Response.json({ free: '50' }),
      async () => new Response('nope', { status: 500 }),
      async () => Promise.reject(new TypeError('offline')),
    ]) {
      const root = page();
      await expect(showPlanLimits(root, fetchJson)).resolves.toBeNull();
      expect(root.textContent).toBe('limit unknownlimit unknown');
    }
  });
});
