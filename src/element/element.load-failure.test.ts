import { act } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { mountGenerator, press } from '../test-support/element';

// The generator chunk fails to load (a deploy replaced it, the CDN is down, ...).
vi.mock('../scim/generate', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

it('says the generator could not load, sends nothing and stays usable', async () => {
  const fetchStub = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchStub);
  const generator = mountGenerator();

  press(generator);
  await act(async () => {
    await vi.dynamicImportSettled();
  });

  expect(generator.ui.getByRole('alert').textContent).toBe('Could not load the record generator');
  const button = generator.ui.getByRole('button', { name: /^Generate / }) as HTMLButtonElement;
  expect(button.textContent).toBe('Generate Users →');
  expect(button.disabled).toBe(false);
  expect(fetchStub).not.toHaveBeenCalled();
});
