import { afterEach, describe, expect, it } from 'vitest';
import { USER_SCHEMA } from '../scim/protocol';
import { KEPT_PRESSES_PER_BASE_URL, LEFT_ON_SERVER_STORAGE_NAME, keepLeftOnServer, leftOnServer, type LeftPress } from './left-on-server';

const BASE = 'https://scim.example.com/scim/v2';
const OTHER = 'https://other.example.com/scim/v2?tenant=7';

const press = (key: string, number = 1, id = 'u-1'): LeftPress => ({
  key,
  press: number,
  resourceType: 'Users',
  profile: 'okta',
  targets: [{ index: 0, id, url: `${BASE}/Users/${id}`, record: { schemas: [USER_SCHEMA], userName: 'ada@example.com', name: { givenName: 'Ada', familyName: 'Lovelace' }, emails: [], active: false }, memberIds: [] }],
  memberUsers: [],
});

const store = (value: unknown) => localStorage.setItem(LEFT_ON_SERVER_STORAGE_NAME, JSON.stringify(value));

afterEach(() => localStorage.clear());

describe('what presses left on the server, kept across page loads', () => {
  it('keeps each press under its base URL, replaces the ones it names, and leaves the others', () => {
    keepLeftOnServer(new Set(), [{ baseUrl: OTHER, press: { ...press('b-1'), targets: [] } }]);
    keepLeftOnServer(new Set(['a-1']), [{ baseUrl: BASE, press: press('a-1') }]);
    keepLeftOnServer(new Set(['a-1', 'a-2']), [{ baseUrl: BASE, press: press('a-2', 2, 'u-2') }]);
    expect(leftOnServer(BASE).map(({ key }) => key)).toEqual(['a-2']);
    expect(leftOnServer(OTHER).map(({ key }) => key)).toEqual(['b-1']);
    keepLeftOnServer(new Set(['a-2', 'b-1']), []);
    expect(localStorage.getItem(LEFT_ON_SERVER_STORAGE_NAME)).toBeNull();
  });

  it(`keeps the newest ${KEPT_PRESSES_PER_BASE_URL} presses of a base URL`, () => {
    const presses = Array.from({ length: KEPT_PRESSES_PER_BASE_URL + 3 }, (_, index) => ({ baseUrl: BASE, press: press(`p-${index}`, index + 1) }));
    keepLeftOnServer(new Set(), presses);
    expect(leftOnServer(BASE).map(({ press: number }) => number)).toEqual(presses.slice(3).map(({ press: kept }) => kept.press));
  });

  it('takes up no press whose DELETE could go anywhere but {base-url}/{type}/{id}, nor one that is not a press', () => {
    const elsewhere = { ...press('x-1'), targets: [{ ...press('x-1').targets[0], url: 'https://attacker.example/Users/u-1' }] };
    const parent = { ...press('x-2', 2, '..'), targets: [{ ...press('x-2').targets[0], id: '..', url: `${BASE}/Users/..` }] };
    const memberElsewhere = { ...press('x-3', 3), memberUsers: [{ id: 'm', userName: 'm', display: 'M', url: `${OTHER}/Users/m` }] };
    store({ [BASE]: [elsewhere, parent, memberElsewhere, { ...press('x-4'), profile: 'nobody' }, 'junk', null, press('ok')] });
    expect(leftOnServer(BASE).map(({ key }) => key)).toEqual(['ok']);
    store({ [BASE]: 'not a list' });
    expect(leftOnServer(BASE)).toEqual([]);
    localStorage.setItem(LEFT_ON_SERVER_STORAGE_NAME, '{not JSON');
    expect(leftOnServer(BASE)).toEqual([]);
  });

  it('reads storage that is missing or throws as nothing kept, and keeping into it changes nothing', () => {
    const throwing = () => {
      throw new Error('SecurityError');
    };
    expect(leftOnServer(BASE, () => undefined)).toEqual([]);
    expect(leftOnServer(BASE, throwing)).toEqual([]);
    expect(() => keepLeftOnServer(new Set(), [{ baseUrl: BASE, press: press('a') }], throwing)).not.toThrow();
    const full = { getItem: () => null, setItem: () => throwing(), removeItem: () => undefined } as unknown as Storage;
    expect(() => keepLeftOnServer(new Set(), [{ baseUrl: BASE, press: press('a') }], () => full)).not.toThrow();
  });
});
