import { generateBatch, showGenerator } from './support/generator';
import { failedLoadLine } from './support/page-errors';
import { testWithProKey as test, expect } from './support/site-test';

test.describe('seed', () => {
  // After the reload the same users go out again, and the sandbox, which holds them, answers 409.
  test.use({ expectedConsoleErrors: [failedLoadLine(409)] });

  test('the same seed sends byte-identical bodies after a reload, and later presses continue the sequence', async ({
    page,
    site,
  }) => {
    const bodies: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/scim/v2/Users') bodies.push(request.postData() ?? '');
    });
    const pressTwice = async () => {
      const element = await showGenerator(page, site.url, { seed: '314', profile: 'full' });
      const statuses = [await generateBatch(element), await generateBatch(element)].flatMap((batch) =>
        batch.results.map((result) => result.status),
      );
      return { bodies: bodies.splice(0).sort(), statuses };
    };

    const firstVisit = await pressTwice();
    await page.reload();
    const afterReload = await pressTwice();

    expect(firstVisit.bodies).toHaveLength(20);
    expect(new Set(firstVisit.bodies).size).toBe(20); // the second press did not repeat the first
    expect(firstVisit.statuses).toEqual(Array(20).fill(201));
    expect(afterReload.bodies).toEqual(firstVisit.bodies);
    expect(afterReload.statuses).toEqual(Array(20).fill(409));
  });
});
